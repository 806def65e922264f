import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { uploadFile } from '../../../lib/edge-functions';
import { useT } from '../../../lib/i18n/catalogue';
import { navMessages } from '../../../lib/nav/messages';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ColorField, FileField, Form, SelectField, SubmitButton, useZodForm, type FileValue } from '../../../ui/form';
import { SettingsPageFrame } from '../../../ui/SettingsPageFrame';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { fetchBrandSettings, saveBrandSettings } from '../api';
import { useBrand } from '../BrandProvider';
import {
  BRAND_MESSAGES,
  BrandFormSchema,
  COLOR_KEYS,
  FONTS,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  presetsOf,
  toBrandForm,
  toBrandSettings,
  type BrandFormInput,
  type BrandFormOutput,
  type BrandPreset,
} from '../brand-settings';
import { brandContrastChecks, formatRatio, type BrandColors } from '../contrast';
import { brandMessages } from '../messages';
import { contrastText, fontStack, safeImageUrl } from '../theme';
import { COLOR_KEY_NAMES, PAIR_KEYS, stockPresetLabel, translateBrandMessage } from '../words';

/** The three images, each with its label and help. */
const IMAGE_FIELDS = [
  ['logo_light', 'assets.logoLight', 'assets.logoLightHelp'],
  ['logo_dark', 'assets.logoDark', 'assets.logoDarkHelp'],
  ['favicon', 'assets.favicon', 'assets.faviconHelp'],
] as const;

/** Admin > Settings > Brand settings: presets, the six colours, font, logos and favicon, with a live preview. */
export function BrandSettingsPage() {
  const tenantId = useTenantId();
  // The settings as stored: `unknown`, read by the form's own parsers (presets, colours, images).
  const { state: load, retry } = useRecordLoad<unknown>(tenantId, async () => (await fetchBrandSettings(tenantId as string)).settings);
  const t = useT(brandMessages);

  return (
    <SettingsPageFrame
      title={t('page.title')}
      load={load}
      retry={retry}
      failedTitle={t('toast.loadFailed')}
      loadingLabel={t('page.loading')}
      skeletonClassName="grid gap-6 lg:grid-cols-2"
      skeleton={
        <>
          <div className="space-y-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
          <Skeleton className="h-80 w-full" />
        </>
      }
    >
      {(record) => tenantId && <BrandSettingsForm tenantId={tenantId} settings={record} />}
    </SettingsPageFrame>
  );
}

function BrandSettingsForm({ tenantId, settings }: { tenantId: string; settings: unknown }) {
  const toast = useToast();
  const brand = useBrand();
  const t = useT(brandMessages);
  const translate = useCallback((message: string) => translateBrandMessage(t, message), [t]);
  const imageMessages = { type: t('validation.imageType'), size: t('validation.imageSize') };
  const fontOptions = FONTS.map((font) => ({ value: font, label: font === 'system-ui' ? t('assets.systemFont') : font }));
  const presets = useMemo(() => presetsOf(settings), [settings]);
  const form = useZodForm(BrandFormSchema, { defaultValues: toBrandForm(settings) }, translate);
  // The stock palettes are named in the page's language; a tenant's own keep the name it gave them.
  const presetOptions = presets.map((p) => ({ value: p.name, label: stockPresetLabel(t, p.name) ?? p.name }));

  // Choosing a preset puts its palette in the six colours (Save stores them).
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name !== 'preset') return;
      const preset = presets.find((p) => p.name === values.preset);
      if (!preset) return;
      for (const key of COLOR_KEYS) form.setValue(`colors.${key}`, preset.palette[key], { shouldDirty: true, shouldValidate: true });
    });
    return () => subscription.unsubscribe();
  }, [form, presets]);

  const resetToPreset = () => {
    const preset = presets.find((p) => p.name === form.getValues('preset'));
    if (!preset) return;
    for (const key of COLOR_KEYS) form.setValue(`colors.${key}`, preset.palette[key], { shouldDirty: true, shouldValidate: true });
  };

  async function upload(value: FileValue | null | undefined, field: 'logo_light' | 'logo_dark' | 'favicon'): Promise<string | null | false> {
    if (!(value instanceof File)) return typeof value === 'string' ? value : null;
    try {
      return (await uploadFile(tenantId, value, 'image')).publicUrl;
    } catch (error) {
      toast.error(t('toast.uploadFailed'));
      form.setError(field, { type: 'server', message: translate(error instanceof Error ? error.message : BRAND_MESSAGES.uploadFailed) });
      return false;
    }
  }

  async function onSubmit(values: BrandFormOutput) {
    const logoLight = await upload(values.logo_light, 'logo_light');
    if (logoLight === false) return;
    const logoDark = await upload(values.logo_dark, 'logo_dark');
    if (logoDark === false) return;
    const favicon = await upload(values.favicon, 'favicon');
    if (favicon === false) return;
    await saveBrandSettings(tenantId, toBrandSettings(values, { logoLight, logoDark, favicon }, presets));
    toast.success(t('toast.saved'));
    form.reset({ ...values, logo_light: logoLight, logo_dark: logoDark, favicon });
    // This page repaints at once; every other member's through the tenant's brand topic.
    brand.reload();
  }

  // The database's refusals arrive keyed: the kit's Form has already put them in the page's language.
  function onServerError(_error: unknown, result: ServerErrorResult) {
    if (result.applied.length > 0) toast.error(t('toast.validation'));
    if (result.unmatched) toast.error(result.unmatched);
    else if (result.applied.length === 0) toast.error(t('toast.saveFailed'));
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} aria-label={t('page.title')} className="grid items-start gap-6 lg:grid-cols-2">
      <div className="space-y-5">
        <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900" aria-label={t('colours.title')}>
          <h2 className="text-base font-semibold">{t('colours.title')}</h2>
          <div className="flex flex-wrap items-end gap-3">
            <SelectField<BrandFormInput, 'preset'> name="preset" label={t('colours.preset')} required options={presetOptions} className="min-w-56 flex-1" />
            <Button variant="secondary" onClick={resetToPreset}>
              {t('colours.reset')}
            </Button>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {COLOR_KEYS.map((key) => (
              <ColorField<BrandFormInput, `colors.${typeof key}`> key={key} name={`colors.${key}`} label={t(COLOR_KEY_NAMES[key])} required />
            ))}
          </div>
          <ContrastReport control={form.control} />
        </section>

        <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900" aria-label={t('assets.title')}>
          <h2 className="text-base font-semibold">{t('assets.title')}</h2>
          <SelectField<BrandFormInput, 'font'>
            name="font"
            label={t('assets.font')}
            required
            options={fontOptions}
            help={t('assets.fontHelp')}
          />
          {IMAGE_FIELDS.map(([name, label, help]) => (
            <FileField<BrandFormInput, typeof name> key={name} name={name} label={t(label)} accept={IMAGE_EXTENSIONS} maxBytes={IMAGE_MAX_BYTES} messages={imageMessages} help={t(help)} />
          ))}
        </section>

        <div className="flex gap-3">
          <SubmitButton>{t('form.save')}</SubmitButton>
        </div>
      </div>

      <BrandPreview control={form.control} presets={presets} />
    </Form>
  );
}

function useColors(control: Control<BrandFormInput, unknown, BrandFormOutput>): BrandColors {
  return useWatch({ control, name: 'colors' }) as BrandColors;
}

/** WCAG AA for each pair the chrome draws; a warning (never a block) for those that fall short. */
function ContrastReport({ control }: { control: Control<BrandFormInput, unknown, BrandFormOutput> }) {
  const t = useT(brandMessages);
  const colors = useColors(control);
  const checks = brandContrastChecks(colors);
  const failing = checks.filter((c) => !c.passes);
  return (
    <div aria-live="polite">
      {failing.length === 0 ? (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200" data-testid="contrast-ok">
          {t('contrast.ok')}
        </p>
      ) : (
        <div role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
          <p className="font-medium">{t('contrast.failing')}</p>
          <ul className="mt-1 list-disc pl-5">
            {failing.map((check) => (
              <li key={check.pair}>{t('contrast.check', { pair: t(PAIR_KEYS[check.pair]), ratio: formatRatio(check.ratio), required: check.required })}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A URL to show the chosen logo: the stored one, or an object URL of a newly picked file (revoked when the preview goes). */
function useObjectUrl(value: FileValue | null | undefined): string | null {
  const [urls] = useState(() => new Map<File, string>());
  useEffect(
    () => () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    },
    [urls],
  );
  if (!(value instanceof File)) return safeImageUrl(value);
  if (typeof URL.createObjectURL !== 'function') return null;
  let url = urls.get(value);
  if (!url) {
    url = URL.createObjectURL(value);
    urls.set(value, url);
  }
  return url;
}

/** The app's chrome (header, navigation, a card, a button) in the colours, font and logo being edited. */
function BrandPreview({ control, presets }: { control: Control<BrandFormInput, unknown, BrandFormOutput>; presets: readonly BrandPreset[] }) {
  const brand = useBrand();
  const t = useT(brandMessages);
  const nav = useT(navMessages);
  const colors = useColors(control);
  const [font, logoLight, presetName] = useWatch({ control, name: ['font', 'logo_light', 'preset'] });
  const logo = useObjectUrl(logoLight);
  const valid = (value: string, fallback: string) => (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : fallback);
  const fallback = presets.find((p) => p.name === presetName)?.palette ?? presets[0]!.palette;
  const c = Object.fromEntries(COLOR_KEYS.map((key) => [key, valid(colors[key], fallback[key])])) as unknown as BrandColors;
  const onPrimary = contrastText(c.primary);
  const style: CSSProperties = { fontFamily: fontStack(font), background: c.background, color: c.text };
  return (
    <section aria-label={t('preview.title')} className="space-y-2 lg:sticky lg:top-4">
      <h2 className="text-base font-semibold">{t('preview.title')}</h2>
      <div data-testid="brand-preview" className="overflow-hidden rounded-lg border border-slate-200 shadow-sm dark:border-slate-700" style={style}>
        <div className="flex items-center justify-between px-4 py-3" style={{ background: c.cardBg, borderBottom: `1px solid ${c.textLight}33` }}>
          {logo ? (
            <img src={logo} alt={t('preview.logo')} className="h-7 max-w-40 object-contain" />
          ) : (
            <span className="font-semibold">{brand.name}</span>
          )}
          <span className="flex size-7 items-center justify-center rounded-full text-xs font-semibold" style={{ background: c.secondary, color: contrastText(c.secondary) }}>
            AA
          </span>
        </div>
        <div className="flex min-h-64">
          <nav className="w-36 space-y-1 p-3 text-sm" aria-label={t('preview.nav')} style={{ borderRight: `1px solid ${c.textLight}33` }}>
            <span className="block rounded-md px-2 py-1.5 font-medium" style={{ background: c.primary, color: onPrimary }}>
              {nav('nav.dashboard')}
            </span>
            <span className="block rounded-md px-2 py-1.5" style={{ color: c.textLight }}>
              {nav('nav.vehicles')}
            </span>
            <span className="block rounded-md px-2 py-1.5" style={{ color: c.textLight }}>
              {nav('nav.warehouses')}
            </span>
          </nav>
          <div className="flex-1 space-y-3 p-4">
            <p className="text-lg font-bold">{t('preview.heading')}</p>
            <div className="space-y-2 rounded-lg p-3" style={{ background: c.cardBg }}>
              <p className="font-medium">{t('preview.route')}</p>
              <p className="text-sm" style={{ color: c.textLight }}>
                {t('preview.stops', { time: '08:30' })}
              </p>
              <span className="inline-block rounded-full px-2 py-0.5 text-xs font-medium" style={{ border: `1px solid ${c.secondary}`, color: c.secondary }}>
                {t('preview.status')}
              </span>
            </div>
            <span className="inline-block rounded-md px-3 py-1.5 text-sm font-medium" style={{ background: c.primary, color: onPrimary }}>
              {t('preview.action')}
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}

export default BrandSettingsPage;
