import { PLACE_PHOTOS_MAX, type PlaceDetails, type PlaceSuggestion } from '@rides/contract';
import { sanitizeAttribution } from '../../../lib/sanitize-html.js';
import { distanceKm } from '../geo.js';
import type {
  AutocompleteOptions,
  LatLng,
  NearbyOptions,
  NearbyPlace,
  PlaceLanguage,
  PlacesProvider,
} from '../types.js';
import { findPlaceById, PLACE_KINDS, textAt, type Gazetteer } from './gazetteer-format.js';
import { loadOrBuildGazetteer, prepareGazetteerFile, type GazetteerLog } from './gazetteer-store.js';
import { collectPrefix, FUZZY_PENALTY, hasWholeKey, oneEditVariants, TopPlaces } from './key-index.js';
import { normalizePlaceText } from './normalize.js';
import { ownIndexes, type OwnIndex, type OwnPlaceDetailsRow, type OwnPlacesReader } from './own-places.js';
import { plainTextSummary } from './plain-text.js';
import { countryName, secondaryText } from './region-names.js';

/**
 * The local source, always there and the default: the gazetteer (world cities, countries, our destinations) and our
 * own attractions and hotels. Nothing is loaded until the first search, so starting the server costs nothing; the
 * gazetteer then loads in tens of milliseconds from its built file, which warm() (called once the server listens)
 * builds in the background when there is none (a few seconds, yielding to other requests). Our own places are read
 * from the database on every search (own-places.ts): no copy of them is kept.
 */
export interface LocalSourceOptions {
  /** Where the built gazetteer file is kept (apps/server/.tmp by default, see config.ts). */
  cacheDir: string;
  own: OwnPlacesReader;
  log: GazetteerLog & { error(obj: object, msg: string): void };
}

export interface LocalPlaces extends PlacesProvider {
  /** Make sure the gazetteer file is built, in the background (it is read by the first search). */
  warm(): void;
  /** Resolves when the gazetteer is in memory (tests and the bench wait for it). */
  ready(): Promise<{ places: number; keys: number; source: string }>;
  /**
   * The gazetteer's places nearest a point (cities, towns and named destinations; no countries or regions), nearest
   * first, named in the language: what a photo far from any known place is named by (decision 0037).
   */
  nearestLocalities(
    lat: number,
    lng: number,
    limit: number,
    language: PlaceLanguage,
  ): Promise<(PlaceSuggestion & { distanceKm: number })[]>;
  /**
   * The gazetteer's cities and towns inside a box of longitude and latitude, most important first (its ranking weight:
   * population and boosts), named in the language: the towns a PDF day map names (issue 30 point 8).
   */
  townsWithin(
    box: { west: number; south: number; east: number; north: number },
    limit: number,
    language: PlaceLanguage,
  ): Promise<{ name: string; lat: number; lng: number }[]>;
  /** Details of our attraction that came from this Google place (one this viewer may see): the fallback when Google cannot answer. */
  detailsByGooglePlaceId(
    placeId: string,
    language: PlaceLanguage,
    viewerId?: number | null,
  ): Promise<PlaceDetails | undefined>;
}

/** Within ~150 km a place gets most of this bonus (a town near the point outranks a far capital of the same name); it fades to nothing by ~800 km. */
const NEAR_BONUS = 3;
const NEAR_SCALE_KM = 150;
/** Queries shorter than this get no typo fallback (too many places are one edit away from "ro"). */
const FUZZY_MIN_LENGTH = 4;
const FUZZY_MAX_LENGTH = 40;
/**
 * Our places read per keystroke: the first keys of the prefix (and of the prefix in each cell around the point), and
 * per spelling of the typo fallback. Every key of the demo's prefixes fits; at 100,000 trips a short prefix has
 * hundreds of thousands, and these bound the work (decision 0013, "Our own places").
 */
const OWN_PER_PREFIX = 100;
const OWN_PER_TYPO = 8;
/** Our own data is searched this far around the point for activities (km). */
const OWN_NEARBY_RADIUS_KM = 30;

const round5 = (x: number): number => Math.round(x * 1e5) / 1e5;

interface Candidate {
  rank: number;
  make: () => PlaceSuggestion;
}

/** townsWithin's cities by 1° cell, per gazetteer in memory. */
const townCells = new WeakMap<Gazetteer, Map<number, number[]>>();
const cellKey = (lat: number, lng: number) => (lat + 90) * 1000 + (lng + 180);

export function createLocalPlaces(opts: LocalSourceOptions): LocalPlaces {
  let gazetteer: Promise<Gazetteer> | undefined;

  const loadGazetteer = (): Promise<Gazetteer> => {
    gazetteer ??= loadOrBuildGazetteer(opts.cacheDir, opts.log).catch((err: unknown) => {
      gazetteer = undefined; // try again on the next search
      throw err;
    });
    return gazetteer;
  };

  const text = (g: Gazetteer, starts: Uint32Array, s: Uint8Array, i: number) => textAt(s, starts, i);
  const gId = (g: Gazetteer, p: number) => text(g, g.idStarts, g.ids, p);
  const gName = (g: Gazetteer, p: number, language: PlaceLanguage) => {
    const en = text(g, g.nameStarts, g.names, 2 * p);
    if (language === 'english') return en;
    return text(g, g.nameStarts, g.names, 2 * p + 1) || en;
  };
  const gCountry = (g: Gazetteer, p: number) => g.header.countries[g.country[p] as number] ?? '';
  const gKind = (g: Gazetteer, p: number) => PLACE_KINDS[g.kind[p] as number] ?? 'city';
  const gSecondary = (g: Gazetteer, p: number, language: PlaceLanguage) =>
    gKind(g, p) === 'country'
      ? ''
      : secondaryText(gCountry(g, p), g.header.admins[g.admin[p] as number] ?? '', language);

  const gSuggestion = (g: Gazetteer, p: number, language: PlaceLanguage): PlaceSuggestion => ({
    id: gId(g, p),
    source: 'local',
    name: gName(g, p, language),
    secondary: gSecondary(g, p, language),
    lat: round5(g.lat[p] as number),
    lng: round5(g.lng[p] as number),
    kind: gKind(g, p),
    countryCode: gCountry(g, p) || null,
  });

  const ownSuggestion = (o: OwnIndex, p: number): PlaceSuggestion => {
    const row = o.rows[p]!;
    return {
      id: `${row.kind === 'attraction' ? 'at' : 'ac'}:${row.id}`,
      source: 'local',
      name: row.name,
      secondary: (row.kind === 'accommodation' ? (row.countryAndCity ?? row.address) : row.address) ?? '',
      lat: round5(row.lat),
      lng: round5(row.lng),
      kind: row.kind,
      countryCode: null,
    };
  };

  const nearBonus = (near: LatLng | undefined, lat: number, lng: number) =>
    near ? NEAR_BONUS * Math.exp(-distanceKm(near.lat, near.lng, lat, lng) / NEAR_SCALE_KM) : 0;

  const weights = (g: Gazetteer, o: OwnIndex, near: LatLng | undefined) => ({
    g: near
      ? (p: number) => (g.score[p] as number) + nearBonus(near, g.lat[p] as number, g.lng[p] as number)
      : (p: number) => g.score[p] as number,
    o: (p: number) => (o.weights[p] as number) + nearBonus(near, o.rows[p]!.lat, o.rows[p]!.lng),
  });

  /**
   * Prefix search in the gazetteer and our own indexes (the shared one, and a signed-in viewer's own when there is
   * one); then, when that found fewer than `limit`, "Rome, Italy"-style queries (the leading words are the place, the
   * rest its country or US state); then, with `typos`, the typo fallback when it is wanted (`wantsTypos`: the caller
   * reads our places of the one-edit spellings first, then searches again).
   */
  function search(
    g: Gazetteer,
    owns: OwnIndex[],
    q: string,
    limit: number,
    near: LatLng | undefined,
    typos: boolean,
  ) {
    const wg = weights(g, owns[0] as OwnIndex, near).g;
    const gTop = new TopPlaces(limit);
    const oTops = owns.map((o) => ({ o, w: weights(g, o, near).o, top: new TopPlaces(limit) }));
    collectPrefix(g, q, wg, gTop);
    for (const { o, w, top } of oTops) collectPrefix(o.index, q, w, top);
    const found = () => oTops.reduce((n, t) => n + t.top.places.length, gTop.places.length);
    if (found() < limit && q.includes(' ')) searchWithRegion(g, q, limit, wg, gTop);
    // Typos: only when little was found and what was typed is not itself a whole name ("Sea of Galilee" is no typo).
    const typo =
      q.length >= FUZZY_MIN_LENGTH &&
      q.length <= FUZZY_MAX_LENGTH &&
      !hasWholeKey(g, q) &&
      !owns.some((o) => hasWholeKey(o.index, q));
    const wantsTypos = found() < limit && typo;
    if (wantsTypos && typos) {
      for (const variant of oneEditVariants(q)) {
        collectPrefix(g, variant, wg, gTop, FUZZY_PENALTY);
        for (const { o, w, top } of oTops) collectPrefix(o.index, variant, w, top, FUZZY_PENALTY);
      }
    }
    return { gTop, oTops, wantsTypos };
  }

  /** Normalised names of each country (both languages) and the US state codes: what may follow a place's name. */
  let regionNames: { byCountry: Map<string, string[]>; all: string[] } | undefined;
  const regions = (g: Gazetteer) => {
    if (!regionNames) {
      const byCountry = new Map<string, string[]>();
      for (const cc of g.header.countries) {
        byCountry.set(cc, [
          ` ${normalizePlaceText(countryName(cc, 'english'))}`,
          ` ${normalizePlaceText(countryName(cc, 'hebrew'))}`,
        ]);
      }
      const states = g.header.admins.filter((a) => /^[A-Z]{2}$/.test(a)).map((a) => ` ${a.toLowerCase()}`);
      regionNames = { byCountry, all: [...[...byCountry.values()].flat(), ...states] };
    }
    return regionNames;
  };

  /** Offers the places named by the leading words whose country (either language) or US state the other words name. */
  function searchWithRegion(
    g: Gazetteer,
    q: string,
    limit: number,
    weight: (p: number) => number,
    into: TopPlaces,
  ) {
    const words = q.split(' ');
    const { byCountry, all } = regions(g);
    for (let cut = words.length - 1; cut >= 1; cut -= 1) {
      const tail = ` ${words.slice(cut).join(' ')}`;
      // Most multi-word queries are just longer names ("saint petersburg"): skip unless the tail names a region.
      if (!all.some((r) => r.includes(tail))) continue;
      const head = new TopPlaces(limit * 10);
      collectPrefix(g, words.slice(0, cut).join(' '), weight, head);
      head.places.forEach((p, i) => {
        const cc = gCountry(g, p);
        const admin = g.header.admins[g.admin[p] as number] ?? '';
        const names =
          cc === 'US' && admin
            ? [...(byCountry.get(cc) ?? []), ` ${admin.toLowerCase()}`]
            : (byCountry.get(cc) ?? []);
        if (names.some((r) => r.includes(tail))) into.offer(p, head.ranks[i] as number);
      });
    }
  }

  function gDetails(g: Gazetteer, p: number, language: PlaceLanguage): PlaceDetails {
    const s = gSuggestion(g, p, language);
    const cc = gCountry(g, p);
    return {
      ...s,
      lat: s.lat as number,
      lng: s.lng as number,
      address: null,
      country: cc ? countryName(cc, language) : null,
      locality: s.kind === 'city' ? s.name : null,
      website: null,
      rating: null,
      userRatingCount: null,
      openingHours: null,
      reviews: [],
      photos: [],
      mapsUrl: null,
      population: (g.population[p] as number) || null,
      googlePlaceId: null,
    };
  }

  function ownDetails(row: OwnPlaceDetailsRow): PlaceDetails {
    const attributions = row.imageHtmlAttributions.map(sanitizeAttribution);
    const images = [...new Set([row.imageUrl, row.googleImage].filter((u): u is string => !!u))].slice(
      0,
      PLACE_PHOTOS_MAX,
    );
    const [country, ...rest] = (row.countryAndCity ?? '').split(',').map((s) => s.trim());
    return {
      id: `${row.kind === 'attraction' ? 'at' : 'ac'}:${row.id}`,
      source: 'local',
      name: row.name,
      secondary: (row.kind === 'accommodation' ? (row.countryAndCity ?? row.address) : row.address) ?? '',
      kind: row.kind,
      countryCode: null,
      lat: row.lat,
      lng: row.lng,
      address: row.address,
      country: country || null,
      locality: rest.join(', ') || null,
      website: row.link,
      rating: row.rate,
      userRatingCount: null,
      openingHours: row.openingHours ? { weekday_text: row.openingHours } : null,
      reviews: row.reviews,
      photos: images.map((url) => ({ url, width: null, height: null, htmlAttributions: attributions })),
      mapsUrl: null,
      population: null,
      googlePlaceId: row.placeId,
    };
  }

  const ownNearby = (row: OwnPlaceDetailsRow): NearbyPlace => ({
    id: `at:${row.id}`,
    source: 'local',
    kind: row.restaurant ? 'restaurant' : 'attraction',
    name: row.name,
    summary: plainTextSummary(row.text),
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    rating: row.rate,
    photoUrl: row.imageUrl ?? row.googleImage,
    photoAttributions: row.imageHtmlAttributions.map(sanitizeAttribution),
    website: row.link,
    attractionId: row.id,
    googlePlaceId: row.placeId,
  });

  return {
    source: 'local',

    warm() {
      prepareGazetteerFile(opts.cacheDir, opts.log).catch((err: unknown) =>
        opts.log.error({ err }, 'gazetteer build failed'),
      );
    },

    async ready() {
      const g = await loadGazetteer();
      return { places: g.header.placeCount, keys: g.header.keyCount, source: g.header.source };
    },

    async autocomplete(
      query: string,
      { language, limit, near, viewerId }: AutocompleteOptions,
    ): Promise<PlaceSuggestion[]> {
      const q = normalizePlaceText(query);
      if (!q) return [];
      // Our places that start with q (and those near the point), as this viewer may see them: one read per keystroke.
      const read = { viewerId: viewerId ?? null, near };
      const [g, rows] = await Promise.all([
        loadGazetteer(),
        opts.own.named([q], { ...read, perPrefix: OWN_PER_PREFIX }),
      ]);
      let found = search(g, ownIndexes(rows), q, limit, near, false);
      if (found.wantsTypos) {
        // Too little found and no whole name: the one-edit spellings are prefixes too, ours read in one more statement.
        const more = await opts.own.named(oneEditVariants(q), {
          viewerId: read.viewerId,
          perPrefix: OWN_PER_TYPO,
        });
        found = search(g, ownIndexes([...rows, ...more]), q, limit, near, true);
      }
      const candidates: Candidate[] = [
        ...found.gTop.places.map((p, i) => ({
          rank: found.gTop.ranks[i] as number,
          make: () => gSuggestion(g, p, language),
        })),
        ...found.oTops.flatMap(({ o: index, top }) =>
          top.places.map((p, i) => ({ rank: top.ranks[i] as number, make: () => ownSuggestion(index, p) })),
        ),
      ];
      return candidates
        .sort((a, b) => b.rank - a.rank)
        .slice(0, limit)
        .map((c) => c.make());
    },

    async details(
      placeId: string,
      language: PlaceLanguage,
      _session?: string,
      viewerId: number | null = null,
    ): Promise<PlaceDetails | undefined> {
      const own = /^(at|ac):([1-9]\d{0,9})$/.exec(placeId);
      if (own) {
        const id = Number(own[2]);
        if (id > 2_147_483_647) return undefined;
        const row = await opts.own.find(own[1] === 'at' ? 'attraction' : 'accommodation', id, viewerId);
        return row ? ownDetails(row) : undefined;
      }
      if (!/^(gn|cc|rg):/.test(placeId)) return undefined;
      const g = await loadGazetteer();
      const p = findPlaceById(g, placeId);
      return p === undefined ? undefined : gDetails(g, p, language);
    },

    async nearby(
      lat: number,
      lng: number,
      { kind, limit, radiusM, viewerId }: NearbyOptions,
    ): Promise<NearbyPlace[]> {
      const radiusKm = radiusM ? radiusM / 1000 : OWN_NEARBY_RADIUS_KM;
      const rows = await opts.own.nearby(lat, lng, radiusKm, kind, limit, viewerId ?? null);
      return rows.map(ownNearby);
    },

    async nearestLocalities(lat: number, lng: number, limit: number, language: PlaceLanguage) {
      const g = await loadGazetteer();
      // One pass over the columns (~150,000 places, about a millisecond): an equirectangular distance ranks, and the
      // exact one is computed for the few kept. The longitude difference wraps at ±180°.
      const cos = Math.cos((lat * Math.PI) / 180);
      const best: { p: number; d: number }[] = [];
      for (let p = 0; p < g.header.placeCount; p += 1) {
        const kind = g.kind[p] as number;
        if (PLACE_KINDS[kind] === 'country' || PLACE_KINDS[kind] === 'region') continue;
        const dLat = (g.lat[p] as number) - lat;
        let dLng = Math.abs((g.lng[p] as number) - lng);
        if (dLng > 180) dLng = 360 - dLng;
        const d = dLat * dLat + dLng * cos * (dLng * cos);
        if (best.length === limit && d >= (best[limit - 1] as { d: number }).d) continue;
        let i = best.length < limit ? best.length : limit - 1;
        while (i > 0 && (best[i - 1] as { d: number }).d > d) i -= 1;
        best.splice(i, 0, { p, d });
        if (best.length > limit) best.pop();
      }
      return best.map(({ p }) => ({
        ...gSuggestion(g, p, language),
        distanceKm: distanceKm(lat, lng, g.lat[p] as number, g.lng[p] as number),
      }));
    },

    async townsWithin(box, limit, language) {
      const g = await loadGazetteer();
      // The cities by 1° cell, made once per gazetteer (one pass over ~150,000 places): a day map's box then reads only
      // the few hundred cities of its cells, on the main thread, for each day of every PDF export.
      let cells = townCells.get(g);
      if (!cells) {
        cells = new Map();
        for (let p = 0; p < g.header.placeCount; p += 1) {
          if (PLACE_KINDS[g.kind[p] as number] !== 'city') continue;
          const key = cellKey(Math.floor(g.lat[p] as number), Math.floor(g.lng[p] as number));
          const list = cells.get(key);
          if (list) list.push(p);
          else cells.set(key, [p]);
        }
        townCells.set(g, cells);
      }
      const best: { p: number; score: number }[] = [];
      for (let la = Math.floor(box.south); la <= Math.floor(box.north); la += 1) {
        for (let lo = Math.floor(box.west); lo <= Math.floor(box.east); lo += 1) {
          for (const p of cells.get(cellKey(la, lo)) ?? []) {
            const lat = g.lat[p] as number;
            const lng = g.lng[p] as number;
            if (lat < box.south || lat > box.north || lng < box.west || lng > box.east) continue;
            const score = g.score[p] as number;
            if (best.length === limit && score <= (best[limit - 1] as { score: number }).score) continue;
            let i = best.length < limit ? best.length : limit - 1;
            while (i > 0 && (best[i - 1] as { score: number }).score < score) i -= 1;
            best.splice(i, 0, { p, score });
            if (best.length > limit) best.pop();
          }
        }
      }
      return best.map(({ p }) => ({
        name: gName(g, p, language),
        lat: g.lat[p] as number,
        lng: g.lng[p] as number,
      }));
    },

    async detailsByGooglePlaceId(
      placeId: string,
      _language: PlaceLanguage,
      viewerId: number | null = null,
    ): Promise<PlaceDetails | undefined> {
      const row = await opts.own.findByGooglePlaceId(placeId, viewerId);
      return row ? ownDetails(row) : undefined;
    },
  };
}
