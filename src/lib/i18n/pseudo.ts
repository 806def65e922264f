import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Messages } from './catalogue';

/**
 * The pseudo-locale: English with every letter of a message's own words swapped for an accented
 * look-alike, the message wrapped in ⟦ ⟧ and padded with · by about a third ("Save" reads
 * "⟦Šåṽé·⟧"). A test run reads the page in it (`catalogue.ts` says how it is switched on) to find
 * words that do not come from a catalogue: they are left in plain ASCII letters, and a label cut
 * short by its box loses its closing bracket. Only a message's text is changed: its placeholders,
 * plural and select arms and tags stay as written, so values still appear and are still data.
 *
 * Loaded only when the pseudo-locale is on: it never ships in a normal page's first load.
 */

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
export const PSEUDO_PAD = '·';

const FROM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
// One look-alike per ASCII letter, none of them ASCII: a plain letter left on a page is not from a catalogue.
const TO = 'åƀçđéƒĝĥïĵķļɱñöþǫŕšţüṽŵẋýžÅƁÇĐÉƑĜĤÏĴĶĻḾÑÖÞǪŔŠŢÜṼŴẊÝŽ';
const LOOK_ALIKE = new Map([...FROM].map((letter, index) => [letter, [...TO][index]!]));

/** A text's letters as their look-alikes; anything else (digits, punctuation, spaces) as it is. */
export function accent(text: string): string {
  let out = '';
  for (const ch of text) out += LOOK_ALIKE.get(ch) ?? ch;
  return out;
}

function transform(elements: MessageFormatElement[], counter: { letters: number }): MessageFormatElement[] {
  return elements.map((element) => {
    switch (element.type) {
      case TYPE.literal:
        counter.letters += element.value.replace(/[^A-Za-z]/g, '').length;
        return { type: TYPE.literal, value: accent(element.value) };
      case TYPE.plural:
      case TYPE.select: {
        // The longest arm sets the padding: one arm shows at a time.
        let longest = 0;
        const options = Object.fromEntries(
          Object.entries(element.options).map(([selector, option]) => {
            const arm = { letters: 0 };
            const value = transform(option.value, arm);
            longest = Math.max(longest, arm.letters);
            return [selector, { ...option, value }];
          }),
        );
        counter.letters += longest;
        return { ...element, options } as MessageFormatElement;
      }
      case TYPE.tag:
        return { ...element, children: transform(element.children, counter) };
      default:
        return element;
    }
  });
}

/** One ICU message in the pseudo-locale; a message that does not parse is only accented (it shows as written in English too). */
export function pseudoMessage(message: string): string {
  // An empty message (a deliberately blank label) stays blank: brackets alone would be noise on the page.
  if (message === '') return message;
  let ast: MessageFormatElement[];
  try {
    ast = parse(message);
  } catch {
    return `${PSEUDO_OPEN}${accent(message)}${PSEUDO_CLOSE}`;
  }
  const counter = { letters: 0 };
  const body = transform(ast, counter);
  const pad = PSEUDO_PAD.repeat(Math.round(counter.letters * 0.3));
  return printAST([{ type: TYPE.literal, value: PSEUDO_OPEN }, ...body, { type: TYPE.literal, value: `${pad}${PSEUDO_CLOSE}` }]);
}

/** A whole catalogue in the pseudo-locale, key for key. */
export function pseudoMessages<K extends string>(english: Messages<K>): Messages<K> {
  return Object.fromEntries(Object.entries<string>(english).map(([key, message]) => [key, pseudoMessage(message)])) as Messages<K>;
}
