import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconMapPin, IconPlane } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PickedPlace } from '../../../components/PlaceAutocomplete/PlaceAutocomplete';
import classes from './Hero.module.css';

const loadAutocomplete = () => import('../../../components/PlaceAutocomplete/PlaceAutocomplete');
const PlaceAutocomplete = lazy(loadAutocomplete);

/** /search_ride?lat=&lng=&place= (the search page's address; kept here so home imports nothing of search). */
const searchByPoint = (p: PickedPlace) =>
  `/search_ride?${new URLSearchParams({ lat: String(p.lat), lng: String(p.lng), place: p.name })}`;
const searchByName = (text: string) =>
  text.trim() ? `/search_ride_by_name/${encodeURIComponent(text.trim())}` : '/search_ride';

/**
 * The hero's destination box (001 §2 Home): pick a place (or Enter: the first suggestion) → trips near it; the plane
 * searches by name (empty → every trip). The first paint is a plain input of the same size; the autocomplete
 * (combobox, queries, its styles) loads on the first hover, touch or focus, or when the browser is idle, and takes
 * the input's place with its text, focus and caret, so the page stays light and nothing moves.
 */
export function HeroSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  /** Set when the autocomplete has loaded: whether the plain input had the focus, and where its caret was. */
  const [handOver, setHandOver] = useState<{ focused: boolean; caret: number | null } | null>(null);
  const lightInput = useRef<HTMLInputElement>(null);
  const loading = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void loadAutocomplete().then(
      () => {
        const input = lightInput.current;
        const focused = !!input && document.activeElement === input;
        setHandOver({ focused, caret: focused && input ? input.selectionStart : null });
      },
      () => {
        // Offline or a failed chunk: the plain box still searches by name.
        loading.current = false;
      },
    );
  };

  // When the browser has nothing else to do, so most visitors find it ready.
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(load, { timeout: 4000 });
      return () => window.cancelIdleCallback?.(id);
    }
    const id = window.setTimeout(load, 2000);
    return () => window.clearTimeout(id);
  }, []);

  const label = t('search.hero.label');
  const placeholder = t('search.hero.placeholder');
  const plane = (
    <ActionIcon
      type="submit"
      size={40}
      radius="xl"
      variant="filled"
      aria-label={t('search.hero.byName')}
      title={t('search.hero.byName')}
      className={classes.plane}
    >
      <IconPlane aria-hidden size={22} stroke={1.8} />
    </ActionIcon>
  );

  const submitByName = (e: FormEvent) => {
    e.preventDefault();
    navigate(searchByName(text));
  };

  const light = (
    <TextInput
      ref={lightInput}
      size="lg"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onFocus={load}
      onPointerEnter={load}
      onTouchStart={load}
      autoComplete="off"
      enterKeyHint="search"
      leftSection={<IconMapPin aria-hidden size={20} stroke={1.6} />}
      rightSection={plane}
      rightSectionWidth={52}
      rightSectionPointerEvents="all"
      className={classes.searchInput}
    />
  );

  return (
    <form onSubmit={submitByName} className={classes.search} role="search" aria-label={t('search.hero.formLabel')}>
      {handOver ? (
        <Suspense fallback={light}>
          <PlaceAutocomplete
            value={text}
            onChange={setText}
            onPick={(p) => navigate(searchByPoint(p))}
            label={label}
            hideLabel
            placeholder={placeholder}
            size="lg"
            autoFocus={handOver.focused}
            initialSelection={handOver.caret}
            rightSection={plane}
            rightSectionWidth={52}
            className={classes.searchInput}
          />
        </Suspense>
      ) : (
        light
      )}
    </form>
  );
}
