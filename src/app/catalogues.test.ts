import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import * as statusVocabularies from '../data/statuses';
import { NOUN_KEYS } from '../features/activity/table-nouns';
import { DELIVERY_EVENT_KEYS } from '../lib/delivery-events';
import type { Catalogue } from '../lib/i18n/catalogue';
import { RECORD_TOAST_KEYS } from '../ui/form/record-save';
import { RECORD_FORM_TITLE_KEYS } from '../ui/RecordFormPage';
import { RECORD_PAGE_WORD_KEYS } from '../ui/RecordPageFrame';

/**
 * The message catalogues, checked rather than trusted: each area's Spanish and French catalogues
 * have exactly the English keys, every message is valid ICU with the same placeholders in all three
 * languages (a translation may add a select on a noun's gender: GENDERS), every key the area's code
 * asks for exists, and no key is left that no code uses.
 */
const modules = import.meta.glob<Record<string, unknown>>('../**/messages/index.ts', { eager: true });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/messages/**', '!../types/**'], { query: '?raw', import: 'default', eager: true });
/** The server's code: its refusals' keys are named there (migrations, edge functions), not in the app. */
const serverSources = import.meta.glob<string>(['../../supabase/migrations/*.sql', '../../supabase/functions/**/*.ts', '!../../supabase/functions/**/*_test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function isCatalogue(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && 'area' in value && 'en' in value && 'load' in value;
}

const catalogues = Object.entries(modules).flatMap(([file, exports]) =>
  Object.values(exports)
    .filter(isCatalogue)
    .map((catalogue) => ({ catalogue, root: file.replace(/messages\/index\.ts$/, '') })),
);

/** Placeholder names and tags of a message, with each plural's and select's option keys. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.tag) placeholders(element.children, into);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const [option, { value }] of Object.entries(element.options)) {
        // Plural categories differ by language (French has 'many'); selects must match.
        if (element.type === TYPE.select) into.add(`${element.value}=${option}`);
        placeholders(value, into);
      }
    }
  }
  return into;
}

/**
 * Grammar a language has and English has not: a select on `gender`, a noun's grammatical gender that Spanish and
 * French articles and participles agree with ('Se creó una entrega', 'Un chauffeur a été créé'). A translation may
 * select on it where the English names no gender; its options are genders, 'other' for a noun without one.
 */
const GENDERS = new Set(['masculine', 'feminine', 'other']);
function withoutGender(target: string[], source: string[]): string[] {
  if (source.includes('gender')) return target;
  const options = target.filter((name) => name.startsWith('gender=')).map((name) => name.slice('gender='.length));
  expect(options.filter((option) => !GENDERS.has(option)), 'a gender select’s options are genders').toEqual([]);
  return target.filter((name) => name !== 'gender' && !name.startsWith('gender='));
}

/**
 * Areas whose keys the whole app names: the navs' labels are keys each feature's screen
 * declarations name (lib/screens: ScreenNav.label), so their code is every file.
 */
const NAMED_EVERYWHERE = new Set(['nav']);

/**
 * Areas whose keys the server names: the server's refusals (lib/server-messages) are keyed by the
 * database and the edge functions, so each key must be one some migration or function raises.
 */
const NAMED_BY_SERVER = new Set(['server']);
const serverCode = Object.values(serverSources).join('\n');

/**
 * Keys a status vocabulary names by its catalogue's prefix (`defineStatuses(values, { words: { catalogue,
 * prefix } })` words each value as `<prefix>.<value>`), so the vocabulary, not a literal, uses them.
 */
const vocabularyKeys = (catalogue: Catalogue): string[] =>
  Object.values(statusVocabularies).flatMap((value) =>
    typeof value === 'object' && 'words' in value && value.words?.catalogue === catalogue ? Object.values<string>(value.words.keys) : [],
  );

/** The code of an area: every file under its folder but its tests and catalogues. */
function codeOf(root: string): string {
  return Object.entries(sources)
    .filter(([file]) => file.startsWith(root))
    .map(([, text]) => text)
    .join('\n');
}

describe('message catalogues', () => {
  it('are found', () => {
    expect(catalogues.map(({ catalogue }) => catalogue.area)).toEqual(expect.arrayContaining(['app']));
  });

  for (const { catalogue, root } of catalogues) {
    describe(catalogue.area, () => {
      const english = catalogue.en as Record<string, string>;
      const keys = Object.keys(english).sort();

      for (const language of ['es', 'fr'] as const) {
        it(`${language} has the English keys, valid ICU and the same placeholders`, async () => {
          const translated = (await catalogue.load[language]()).default as Record<string, string>;
          expect(Object.keys(translated).sort()).toEqual(keys);
          for (const key of keys) {
            const source = [...placeholders(parse(english[key]))].sort();
            const target = withoutGender([...placeholders(parse(translated[key]))].sort(), source);
            expect(target, `${catalogue.area}:${language}:${key}`).toEqual(source);
          }
        });
      }

      it('uses every key, and every key used exists', () => {
        const code = codeOf(root);
        const namedIn = NAMED_BY_SERVER.has(catalogue.area) ? serverCode : NAMED_EVERYWHERE.has(catalogue.area) ? codeOf('') : code;
        expect(namedIn.length).toBeGreaterThan(0);
        // An area that hands its catalogue to the kit's useRecordToasts (or to a record form, which reads it so) has the kit name its toast keys.
        const recordToasts = namedIn.includes('useRecordToasts(') || namedIn.includes('defineRecordForm(');
        const kitNamed = new Set<string>([...(recordToasts ? RECORD_TOAST_KEYS : []), ...vocabularyKeys(catalogue)]);
        // An area that words a delivery's timeline through deliveryEventWords has it name the event keys.
        if (namedIn.includes('deliveryEventWords(')) for (const key of DELIVERY_EVENT_KEYS) kitNamed.add(key);
        // An area whose keys are derived with prefixedKeys names them through the derived map (the activity's table nouns).
        if (namedIn.includes('NOUN_KEYS = prefixedKeys(')) for (const key of Object.values<string>(NOUN_KEYS)) kitNamed.add(key);
        // An area that hands its catalogue to a record page (`words={…}`) has the kit name those words' keys.
        // So does one that declares its form pages with `tenantRecordPages({ … words: … })` (a RecordFormPage underneath).
        const formPages = /tenantRecordPages\(\{[^]*?words: /.test(namedIn);
        const worded = formPages || /<(?:RecordFormPage|StatusRecordPage)<[^]*?words=\{/.test(namedIn);
        if (worded) for (const key of RECORD_PAGE_WORD_KEYS) kitNamed.add(key);
        if (formPages || /<RecordFormPage<[^]*?words=\{/.test(namedIn)) for (const key of RECORD_FORM_TITLE_KEYS) kitNamed.add(key);
        const unused = keys.filter((key) => !namedIn.includes(`'${key}'`) && !kitNamed.has(key));
        expect(unused, `keys of ${catalogue.area} no code uses`).toEqual([]);
        const asked = [...code.matchAll(/\bt(?:\.rich)?\(\s*'([^']+)'/g)].map((match) => match[1]);
        const missing = asked.filter((key) => !(key in english));
        expect(missing, `keys ${catalogue.area} asks for that it lacks`).toEqual([]);
      });
    });
  }
});
