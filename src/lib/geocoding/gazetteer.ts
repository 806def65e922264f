import type { CityData } from 'city-timezones';
import type { ICountry, TCountryCode } from 'countries-list';

/**
 * The offline gazetteer, from two MIT-licensed packages: countries (ISO codes, names, calling codes)
 * from countries-list, and about 7,300 cities with their province (state or region) and population
 * from city-timezones (SimpleMaps' CC-BY world cities). States are derived from the cities'
 * provinces; a state's or country's centre is its most populous city. The data is lazy chunks, never
 * part of the main bundle: the countries (about 36 kB, for phone codes) and the cities (about 1.4 MB,
 * 260 kB gzipped), loaded the first time a screen geocodes.
 */
export interface GazetteerCountry {
  code: string;
  name: string;
  /** The country calling code, digits only, e.g. '1' or '44' ('1' for every NANP member, '599' for Curaçao). */
  phoneCode: string;
}

/** A country as a place: its centre is its most populous city, null where the data has no city there. */
export interface GazetteerCountryPlace extends GazetteerCountry {
  lat: number | null;
  lng: number | null;
}

export interface GazetteerState {
  /** The state's postal code where the data has one (US: 'CA'), else its name. */
  code: string;
  countryCode: string;
  name: string;
  lat: number | null;
  lng: number | null;
}

export interface GazetteerCity {
  name: string;
  countryCode: string;
  /** '' where the data names no province. */
  stateCode: string;
  lat: number;
  lng: number;
}

export interface Gazetteer {
  countries: readonly GazetteerCountryPlace[];
  states: readonly GazetteerState[];
  cities: readonly GazetteerCity[];
  countryByCode: ReadonlyMap<string, GazetteerCountryPlace>;
  stateByKey: ReadonlyMap<string, GazetteerState>;
}

/** Digits only, from a '+358-18' or '1268' style code. */
export function phoneDigits(code: string): string {
  return (code.replace(/^\+/, '').split(/[-\s]/)[0] ?? '').replace(/\D/g, '');
}

export const stateKey = (countryCode: string, stateCode: string) => `${countryCode}-${stateCode}`;

/**
 * countries-list gives some calling codes with the area code appended ('1268' for Antigua, '4779'
 * for Svalbard, '5999' for Curaçao). The country calling code is the longest prefix that is another
 * country's code of at most three digits (ITU codes are 1 to 3 digits), else the first three digits.
 */
function callingCodes(countries: Readonly<Record<string, ICountry>>): Map<string, string> {
  const itu = new Set(
    Object.values(countries)
      .flatMap((c) => c.phone)
      .map(String)
      .filter((code) => code.length <= 3),
  );
  const result = new Map<string, string>();
  for (const [code, country] of Object.entries(countries)) {
    const first = country.phone[0] === undefined ? '' : phoneDigits(String(country.phone[0]));
    let calling = first.length <= 3 ? first : first.slice(0, 3);
    if (first.length > 3) {
      for (let n = 3; n >= 1; n -= 1) {
        if (itu.has(first.slice(0, n))) {
          calling = first.slice(0, n);
          break;
        }
      }
    }
    result.set(code, calling);
  }
  return result;
}

function toCountries(countries: Readonly<Record<TCountryCode, ICountry>>): GazetteerCountry[] {
  const calling = callingCodes(countries);
  return Object.entries(countries)
    .map(([code, c]) => ({ code, name: c.name, phoneCode: calling.get(code) ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Cities whose row lacks a usable ISO code ('-99' for Kosovo) are matched by country name or alias;
 * Somaliland has no ISO 3166 code of its own: ISO codes it as part of Somalia.
 */
const COUNTRY_BY_NAME_FALLBACK: Readonly<Record<string, string>> = { somaliland: 'SO' };

interface Built {
  countries: GazetteerCountryPlace[];
  states: GazetteerState[];
  cities: GazetteerCity[];
}

/** The gazetteer from the packages' rows: exported for the tests, pure. */
export function buildGazetteer(countryList: readonly GazetteerCountry[], aliases: ReadonlyMap<string, string>, rows: readonly CityData[]): Built {
  const known = new Set(countryList.map((c) => c.code));
  const countryCodeOf = (row: CityData): string | null => {
    const iso2 = String(row.iso2 ?? '').toUpperCase();
    if (known.has(iso2)) return iso2;
    const name = row.country.trim().toLowerCase();
    return aliases.get(name) ?? COUNTRY_BY_NAME_FALLBACK[name] ?? null;
  };
  // The most populous city of each country and each province is its centre.
  const countryCentre = new Map<string, { pop: number; lat: number; lng: number }>();
  const stateByProvince = new Map<string, GazetteerState & { pop: number }>();
  const cities: GazetteerCity[] = [];
  for (const row of rows) {
    const countryCode = countryCodeOf(row);
    const name = row.city?.trim();
    if (!countryCode || !name || !Number.isFinite(row.lat) || !Number.isFinite(row.lng)) continue;
    const pop = Number.isFinite(row.pop) ? row.pop : 0;
    const centre = countryCentre.get(countryCode);
    if (!centre || pop > centre.pop) countryCentre.set(countryCode, { pop, lat: row.lat, lng: row.lng });
    const province = row.province?.trim() ?? '';
    let stateCode = '';
    if (province) {
      const key = stateKey(countryCode, province);
      let state = stateByProvince.get(key);
      if (!state) {
        state = { code: row.state_ansi?.trim() || province, countryCode, name: province, lat: row.lat, lng: row.lng, pop };
        stateByProvince.set(key, state);
      } else if (pop > state.pop) {
        Object.assign(state, { lat: row.lat, lng: row.lng, pop });
      }
      stateCode = state.code;
    }
    cities.push({ name, countryCode, stateCode, lat: row.lat, lng: row.lng });
  }
  const states = [...stateByProvince.values()].map(({ pop: _pop, ...state }) => state);
  const countries = countryList.map((c) => {
    const centre = countryCentre.get(c.code);
    return { ...c, lat: centre?.lat ?? null, lng: centre?.lng ?? null };
  });
  return { countries, states, cities };
}

let countriesPromise: Promise<{ countries: GazetteerCountry[]; countryByCode: Map<string, GazetteerCountry>; aliases: Map<string, string> }> | undefined;
let gazetteerPromise: Promise<Gazetteer> | undefined;

/** The countries alone (a small chunk): names, ISO codes and phone codes. */
export function loadCountries() {
  countriesPromise ??= import('countries-list')
    .then(({ countries: data }) => {
      const countries = toCountries(data);
      // Every name and alias, lower case, to its code: for city rows without an ISO code.
      const aliases = new Map<string, string>();
      for (const [code, c] of Object.entries(data)) {
        for (const name of [c.name, ...(c.alias ?? [])]) aliases.set(name.toLowerCase(), code);
      }
      return { countries, countryByCode: new Map(countries.map((c) => [c.code, c])), aliases };
    })
    .catch((error: unknown) => {
      countriesPromise = undefined;
      throw error;
    });
  return countriesPromise;
}

/** Everything: countries, states and cities. */
export function loadGazetteer(): Promise<Gazetteer> {
  gazetteerPromise ??= Promise.all([loadCountries(), import('city-timezones')])
    .then(([{ countries: list, aliases }, cityTimezones]) => {
      // A CommonJS package: its module.exports is the namespace's default, in Vite and in Node.
      const { countries, states, cities } = buildGazetteer(list, aliases, cityTimezones.default.cityMapping);
      return {
        countries,
        states,
        cities,
        countryByCode: new Map(countries.map((c) => [c.code, c])),
        stateByKey: new Map(states.map((s) => [stateKey(s.countryCode, s.code), s])),
      };
    })
    .catch((error: unknown) => {
      gazetteerPromise = undefined;
      throw error;
    });
  return gazetteerPromise;
}
