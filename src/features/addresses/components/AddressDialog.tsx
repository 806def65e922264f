import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLanguage, useT } from '../../../lib/i18n/catalogue';
import { useFormState, useWatch, type Control } from 'react-hook-form';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { useRecordLoad } from '../../../lib/use-record-load';
import { geocoderFor, loadCountries, mapsToken, normalizeName, type GazetteerCountry, type GeocodedPlace, type PlaceFields } from '../../../lib/geocoding';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { CheckboxField, Form, NumberField, SelectField, SwitchField, TextField, useZodForm, type SchemaDetail } from '../../../ui/form';
import { MapView, PlaceSearch, resolveCenter, type LngLatTuple, type TenantMapCentre } from '../../../ui/map';
import { Skeleton } from '../../../ui/Skeleton';
import { uiMessages } from '../../../ui/messages';
import { useToast } from '../../../ui/toast';
import { addressMessages } from '../messages';
import { addressTypeOptions, countryName, FILLED_KEYS, translateAddressMessage } from '../words';
import { createAddress, updateAddress, type AddressOwner } from '../api';
import {
  DEFAULT_PHONE_COUNTRY,
  addressFormSchema,
  splitPhone,
  toAddressFormInput,
  toAddressWrite,
  type Address,
  type AddressFormInput,
  type AddressFormValues,
} from '../schema';

const FORM_ID = 'address-form';
const MAP_HEIGHT = 280;
/** Close enough to see streets around a picked point. */
const PICKED_ZOOM = 13;

export interface AddressDialogProps {
  open: boolean;
  onClose: () => void;
  owner: AddressOwner;
  /** The address to edit; null adds one. */
  address: Address | null;
  /** A new address starts as the owner's Default (e.g. 'Add Default Address'). */
  makeDefault?: boolean;
  onSaved: (address: Address) => void;
  /** Overrides the tenant's maps key (null: offline); by default the tenant's key, else VITE_MAPBOX_TOKEN. */
  mapboxToken?: string | null;
  /** Overrides the tenant's default map centre, for an address with no coordinates yet. */
  defaultCenter?: TenantMapCentre | null;
}

/** Add or edit an address, with place search and a map to pick the point. */
export function AddressDialog(props: AddressDialogProps) {
  const { open, onClose, address } = props;
  const t = useT(addressMessages);
  // The countries (names, phone codes), read when the dialog opens (the module keeps them after the first
  // time); failing them leaves the form without a country list.
  const { state: countriesLoad } = useRecordLoad<GazetteerCountry[]>(open ? 'countries' : null, () => loadCountries().then(({ countries: loaded }) => loaded));
  const countries = countriesLoad.status === 'ready' ? countriesLoad.record : null;
  const countriesFailed = countriesLoad.status === 'failed';

  return (
    <Dialog open={open} onClose={onClose} title={address ? t('dialog.edit') : t('dialog.add')} size="xl">
      {countries || countriesFailed ? (
        <AddressForm key={address?.id ?? 'new'} {...props} countries={countries ?? []} />
      ) : (
        <div role="status" aria-busy="true" aria-label={t('dialog.loading')} className="space-y-3 pb-5">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </div>
      )}
    </Dialog>
  );
}

/** The place's fields the form takes, in the order the notice names them. */
const FILLED_FIELDS = Object.keys(FILLED_KEYS) as Exclude<keyof PlaceFields, 'countryCode'>[];

function AddressForm({ onClose, owner, address, makeDefault = false, onSaved, mapboxToken, defaultCenter, countries }: AddressDialogProps & { countries: readonly GazetteerCountry[] }) {
  const toast = useToast();
  const t = useT(addressMessages);
  const language = useLanguage();
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;
  // The tenant's maps key (else VITE_MAPBOX_TOKEN) picks Mapbox; without one everything stays offline.
  const token = mapboxToken !== undefined ? mapboxToken : mapsToken(tenantSettings?.mapsKey);
  const geocoder = geocoderFor(token);
  const mapCentre = defaultCenter ?? tenantSettings?.mapCentre ?? null;
  useEffect(() => geocoder.prepare(), [geocoder]);
  const countryByCode = useMemo(() => new Map(countries.map((c) => [c.code, c])), [countries]);
  const countryByName = useMemo(() => new Map(countries.map((c) => [normalizeName(c.name), c])), [countries]);
  const phoneOptions = useMemo(
    () =>
      (countries.length > 0 ? countries : [{ code: DEFAULT_PHONE_COUNTRY, name: 'United States', phoneCode: '1' }]).map((c) => ({
        value: c.code,
        label: `${countryName(language, c.code, c.name)} (+${c.phoneCode})`,
      })),
    [countries, language],
  );
  const [defaults] = useState<AddressFormInput>(() =>
    toAddressFormInput(address, address?.contact_info.phone ? splitPhone(address.contact_info.phone, countries, address.country) : null, makeDefault),
  );
  const translate = useCallback((message: string, detail?: SchemaDetail) => translateAddressMessage(t, message, detail), [t]);
  const typeOptions = useMemo(() => addressTypeOptions(t), [t]);
  const form = useZodForm(addressFormSchema, { defaultValues: defaults }, translate);
  const { setValue, watch } = form;
  const [notice, setNotice] = useState<string | null>(null);
  // The point picked on the map last, numbered so that picking the same point again looks it up again.
  const [pick, setPick] = useState<{ lng: number; lat: number; count: number } | null>(null);

  // The country picks the phone's country code: typed, chosen from a place, or filled by the map.
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      if (name !== 'country') return;
      const match = countryByName.get(normalizeName(values.country ?? ''));
      if (match) setValue('contact_info.phone_country', match.code, { shouldDirty: true });
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, countryByName]);

  // Only the point re-renders the map; typing in other fields does not.
  const latitude = useWatch({ control: form.control, name: 'latitude' });
  const longitude = useWatch({ control: form.control, name: 'longitude' });
  const picked: LngLatTuple | null = latitude !== null && longitude !== null ? [longitude, latitude] : null;
  const [center, setCenter] = useState<LngLatTuple | null>(picked);
  const validPoint = picked && Number.isFinite(picked[0]) && Number.isFinite(picked[1]) && Math.abs(picked[1]) <= 90 && Math.abs(picked[0]) <= 180 ? picked : null;

  const setPoint = (lng: number, lat: number) => {
    const round = (n: number) => Math.round(n * 1e6) / 1e6;
    setValue('longitude', round(lng), { shouldDirty: true, shouldValidate: true });
    setValue('latitude', round(lat), { shouldDirty: true, shouldValidate: true });
  };

  const applyPlace = (place: GeocodedPlace, how: 'search' | 'map') => {
    setPoint(place.lng, place.lat);
    if (how === 'search') setCenter([place.lng, place.lat]);
    const filled: string[] = [];
    for (const field of FILLED_FIELDS) {
      const value = place.fields[field];
      if (!value) continue;
      setValue(field, value, { shouldDirty: true, shouldValidate: form.getFieldState(field).isTouched });
      filled.push(t(FILLED_KEYS[field]));
    }
    const fields = new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(filled);
    const code = place.fields.countryCode;
    if (code && countryByCode.has(code)) setValue('contact_info.phone_country', code, { shouldDirty: true });
    if (filled.length === 0) {
      setNotice(t('notice.nothing'));
    } else if (!geocoder.knowsStreets) {
      setNotice(t('notice.gazetteer', { fields }));
    } else {
      setNotice(t('notice.filled', { fields, place: place.label }));
    }
  };

  // Keyed by the pick: the place of a point picked before answers too late to fill the form.
  const reverse = useRecordLoad<GeocodedPlace>(
    pick ? String(pick.count) : null,
    (signal) => (pick ? geocoder.reverse(pick.lng, pick.lat, { signal }) : Promise.resolve(null)),
    {
      loadingOnNewKey: true,
      onLoad: (place) => {
        if (place) applyPlace(place, 'map');
        else setNotice(t('notice.nothing'));
      },
      onError: () => setNotice(t('notice.failed')),
    },
  );
  const looking = pick !== null && reverse.state.status === 'loading';

  const onPick = (lng: number, lat: number) => {
    setPoint(lng, lat);
    setNotice(null);
    setPick((previous) => ({ lng, lat, count: (previous?.count ?? 0) + 1 }));
  };

  const submit = async (values: ReturnType<typeof addressFormSchema.parse>) => {
    const dial = countryByCode.get(values.contact_info.phone_country)?.phoneCode ?? (values.contact_info.phone_country === DEFAULT_PHONE_COUNTRY ? '1' : '');
    const write = toAddressWrite(values, dial, address?.metadata);
    const saved = address ? await updateAddress(owner.tenantId, address.id, write) : await createAddress(owner, write);
    toast.success(address ? t('toast.updated') : t('toast.added'));
    onSaved(saved);
    onClose();
  };

  const mapMarkers = useMemo(() => [], []);

  return (
    <div className="space-y-4 pb-5">
      <div className="space-y-3">
        <PlaceSearch
          geocoder={geocoder}
          onPlace={(place) => applyPlace(place, 'search')}
          proximity={picked ?? (mapCentre ? resolveCenter(null, mapCentre) : null)}
        />
        <MapView
          label={t('dialog.map')}
          height={MAP_HEIGHT}
          center={center}
          zoom={center ? PICKED_ZOOM : undefined}
          defaultCenter={mapCentre}
          markers={mapMarkers}
          picked={picked}
          onPick={onPick}
          pickByTyping={false}
          mapboxToken={token}
        />
        {looking && (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {t('dialog.lookingUp')}
          </p>
        )}
        {notice && !looking && (
          <p role="status" data-testid="geocode-notice" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">
            {notice}
          </p>
        )}
      </div>

      <Form form={form} onSubmit={submit} id={FORM_ID} className="grid gap-4 sm:grid-cols-2">
        <TextField<AddressFormInput, 'address_title'> name="address_title" label={t('field.title')} placeholder={t('field.titlePlaceholder')} />
        <SelectField<AddressFormInput, 'address_type'> name="address_type" label={t('field.type')} required options={typeOptions} />
        <TextField<AddressFormInput, 'contact_info.full_name'> name="contact_info.full_name" label={t('field.fullName')} required autoComplete="name" />
        <TextField<AddressFormInput, 'contact_info.email'> name="contact_info.email" label={t('field.email')} type="email" required autoComplete="email" />
        <SelectField<AddressFormInput, 'contact_info.phone_country'> name="contact_info.phone_country" label={t('field.phoneCountry')} options={phoneOptions} />
        <TextField<AddressFormInput, 'contact_info.phone'> name="contact_info.phone" label={t('field.phone')} type="tel" required autoComplete="tel-national" />
        <TextField<AddressFormInput, 'building'> name="building" label={t('field.building')} required />
        <TextField<AddressFormInput, 'address_line1'> name="address_line1" label={t('field.line1')} required autoComplete="address-line1" />
        <TextField<AddressFormInput, 'address_line2'> name="address_line2" label={t('field.line2')} autoComplete="address-line2" />
        <TextField<AddressFormInput, 'street'> name="street" label={t('field.street')} required />
        <TextField<AddressFormInput, 'city'> name="city" label={t('field.city')} required autoComplete="address-level2" />
        <TextField<AddressFormInput, 'state'> name="state" label={t('field.state')} required autoComplete="address-level1" />
        <TextField<AddressFormInput, 'postal_code'> name="postal_code" label={t('field.postalCode')} required autoComplete="postal-code" />
        <TextField<AddressFormInput, 'country'> name="country" label={t('field.country')} required autoComplete="country-name" />
        <NumberField<AddressFormInput, 'latitude'> name="latitude" label={t('field.latitude')} min={-90} max={90} step="any" />
        <NumberField<AddressFormInput, 'longitude'> name="longitude" label={t('field.longitude')} min={-180} max={180} step="any" />
        {/* Typed coordinates, looked up as a click on the map is: the way to fill the address from a point where the map cannot be drawn. */}
        <div className="sm:col-span-2">
          <Button variant="secondary" disabled={!validPoint || looking} onClick={() => validPoint && onPick(validPoint[0], validPoint[1])}>
            {t('dialog.findAtPoint')}
          </Button>
        </div>
        <TextField<AddressFormInput, 'landmark'> name="landmark" label={t('field.landmark')} />
        <TextField<AddressFormInput, 'delivery_instructions'> name="delivery_instructions" label={t('field.instructions')} />
        <SwitchField<AddressFormInput, 'is_primary'> name="is_primary" label={t('field.default')} help={t('field.defaultHelp')} />
        <CheckboxField<AddressFormInput, 'save_to_address_book'> name="save_to_address_book" label={t('field.addressBook')} />
      </Form>

      <DialogButtons control={form.control} onCancel={onClose} submitLabel={address ? t('dialog.save') : t('dialog.add')} />
    </div>
  );
}

/** Cancel and submit, outside the <form> (the map's own inputs must not nest in it); only they follow the submit state. */
function DialogButtons({ control, onCancel, submitLabel }: { control: Control<AddressFormInput, unknown, AddressFormValues>; onCancel: () => void; submitLabel: string }) {
  const { isSubmitting } = useFormState({ control });
  const ui = useT(uiMessages);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
        {ui('cancel')}
      </Button>
      <Button type="submit" form={FORM_ID} busy={isSubmitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
