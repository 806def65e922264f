import type { ICity, ICountry, IState } from 'country-state-city/lib/interface';

/**
 * The offline gazetteer: countries, states and cities from the country-state-city package. Its
 * data is lazy chunks, never part of the main bundle: the countries (about 100 kB, for phone codes)
 * and the states and cities (about 9 MB of JSON), loaded the first time a screen geocodes.
 */
export interface GazetteerCountry {
  code: string;
  name: string;
  /** Digits only, e.g. '1' or '44' (the data's '+358-18' style codes keep their first part). */
  phoneCode: string;
  lat: number;
  lng: number;
}

export interface GazetteerState {
  code: string;
  countryCode: string;
  name: string;
  lat: number | null;
  lng: number | null;
}

export interface GazetteerCity {
  name: string;
  countryCode: string;
  stateCode: string;
  lat: number;
  lng: number;
}

export interface Gazetteer {
  countries: readonly GazetteerCountry[];
  states: readonly GazetteerState[];
  cities: readonly GazetteerCity[];
  countryByCode: ReadonlyMap<string, GazetteerCountry>;
  stateByKey: ReadonlyMap<string, GazetteerState>;
}

const toNumber = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export function phoneDigits(code: string): string {
  return (code.replace(/^\+/, '').split(/[-\s]/)[0] ?? '').replace(/\D/g, '');
}

export const stateKey = (countryCode: string, stateCode: string) => `${countryCode}-${stateCode}`;

function toCountry(c: ICountry): GazetteerCountry {
  return { code: c.isoCode, name: c.name, phoneCode: phoneDigits(c.phonecode), lat: toNumber(c.latitude) ?? 0, lng: toNumber(c.longitude) ?? 0 };
}

function toState(s: IState): GazetteerState {
  return { code: s.isoCode, countryCode: s.countryCode, name: s.name, lat: toNumber(s.latitude), lng: toNumber(s.longitude) };
}

function toCities(cities: readonly ICity[]): GazetteerCity[] {
  const result: GazetteerCity[] = [];
  for (const c of cities) {
    const lat = toNumber(c.latitude);
    const lng = toNumber(c.longitude);
    if (lat === null || lng === null) continue;
    result.push({ name: c.name, countryCode: c.countryCode, stateCode: c.stateCode, lat, lng });
  }
  return result;
}

let countriesPromise: Promise<{ countries: GazetteerCountry[]; countryByCode: Map<string, GazetteerCountry> }> | undefined;
let gazetteerPromise: Promise<Gazetteer> | undefined;

/** The countries alone (a small chunk): names, ISO codes and phone codes. */
export function loadCountries() {
  countriesPromise ??= import('country-state-city/lib/country')
    .then(({ default: Country }) => {
      const countries = Country.getAllCountries().map(toCountry);
      return { countries, countryByCode: new Map(countries.map((c) => [c.code, c])) };
    })
    .catch((error: unknown) => {
      countriesPromise = undefined;
      throw error;
    });
  return countriesPromise;
}

/** Everything: countries, states and cities. */
export function loadGazetteer(): Promise<Gazetteer> {
  gazetteerPromise ??= Promise.all([loadCountries(), import('country-state-city/lib/state'), import('country-state-city/lib/city')])
    .then(([{ countries, countryByCode }, { default: State }, { default: City }]) => {
      const states = State.getAllStates().map(toState);
      const cities = toCities(City.getAllCities());
      return { countries, states, cities, countryByCode, stateByKey: new Map(states.map((s) => [stateKey(s.countryCode, s.code), s])) };
    })
    .catch((error: unknown) => {
      gazetteerPromise = undefined;
      throw error;
    });
  return gazetteerPromise;
}
