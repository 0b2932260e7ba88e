import { useEffect, useMemo, useRef } from 'react';
// Mantine's styles of the parts only this field uses (the rest are the app's, mantine-styles.ts).
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Switch.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  Fieldset,
  Group,
  Menu,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarOff,
  IconClockPlus,
  IconCopy,
  IconDots,
  IconForms,
  IconPlus,
  IconTextCaption,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  backToForm,
  copyToAll,
  defaultHours,
  firstDayOfWeek,
  formCanShow,
  fromForm,
  dayProblems,
  MAX_SPANS,
  sameAsPrevious,
  spanProblem,
  spansToOpen,
  weekdayNames,
  weekOrder,
  withBreak,
  withDay,
  type HoursForm,
  type HoursValue,
  type TimeSpan,
} from '../lib/opening-hours-form';
import classes from './OpeningHoursField.module.css';

/** OpenStreetMap's page of the syntax, for those who edit the text. */
const SYNTAX_PAGE = 'https://wiki.openstreetmap.org/wiki/Key:opening_hours';
const EXAMPLE = 'Mo-Fr 09:00-17:00; Sa 10:00-14:00; PH off';

interface OpeningHoursFieldProps {
  value: HoursValue;
  onChange(value: HoursValue): void;
  /** The field's problem, in words (a time missing, too long, or the server's refusal). */
  error: string | undefined;
  /** The server could not read the kept text (opening_hours_unreadable): said once, under the field. */
  unreadable: boolean;
  /** Just saved with that warning: the page brings the warning into view (the save button is further down). */
  reveal?: boolean;
}

/**
 * The attraction's opening hours (issue 36 point 2): a week in the locale's order (Sunday first in Hebrew), each day
 * closed or open in one or two spans, "same as the day before" and "copy to all days", "open 24/7" and "closed on
 * public holidays"; or the OpenStreetMap text itself ("edit as text", the only way for a text richer than the form).
 */
export function OpeningHoursField({
  value,
  onChange,
  error,
  unreadable,
  reveal = false,
}: OpeningHoursFieldProps) {
  const { t, i18n } = useTranslation();
  const names = useMemo(() => weekdayNames(i18n.language), [i18n.language]);
  const order = useMemo(() => weekOrder(firstDayOfWeek(i18n.language)), [i18n.language]);
  const hasHours = value.text.trim() !== '';
  const canShow = formCanShow(value.text);
  const warningRef = useRef<HTMLDivElement>(null);
  // Once, when the form opens after the save (it is mounted again with the saved attraction).
  useEffect(() => {
    if (reveal) warningRef.current?.scrollIntoView({ block: 'center' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only
  }, []);

  const edit = (form: HoursForm) => onChange(fromForm(form));
  const toText = () => onChange({ ...value, asText: true });
  const toForm = () => {
    const back = backToForm(value);
    if (back) onChange(back);
  };

  const warning = unreadable && (
    <Alert
      ref={warningRef}
      role="status"
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
    >
      {t('attractionEditor.hours.unreadable')}
    </Alert>
  );

  return (
    <Fieldset
      legend={t('attractionEditor.hours.legend')}
      variant="unstyled"
      className={classes.fieldset}
      classNames={{ legend: classes.legend }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('attractionEditor.hours.hint')}
        </Text>
        {value.asText ? (
          <TextBox value={value} onChange={onChange} error={error} canShow={canShow} onForm={toForm} />
        ) : !hasHours || value.form === null ? (
          <Group gap="xs" className={classes.actions}>
            <Text size="sm">{t('attractionEditor.hours.none')}</Text>
            <Button
              type="button"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => edit(value.form ?? defaultHours())}
            >
              {t('attractionEditor.hours.add')}
            </Button>
            <Button
              type="button"
              variant="subtle"
              leftSection={<IconTextCaption size={16} aria-hidden />}
              onClick={toText}
            >
              {t('attractionEditor.hours.asText')}
            </Button>
          </Group>
        ) : (
          <WeekForm
            form={value.form}
            text={value.text}
            names={names}
            order={order}
            error={error}
            onEdit={edit}
            onText={toText}
            onRemove={() => onChange({ ...value, text: '' })}
          />
        )}
        {warning}
      </Stack>
    </Fieldset>
  );
}

interface WeekFormProps {
  form: HoursForm;
  text: string;
  names: string[];
  order: number[];
  error: string | undefined;
  onEdit(form: HoursForm): void;
  onText(): void;
  onRemove(): void;
}

/** The friendly form: 24/7, the days, holidays, what will be saved, and the ways out (as text, remove). */
function WeekForm({ form, text, names, order, error, onEdit, onText, onRemove }: WeekFormProps) {
  const { t } = useTranslation();
  // The days with a problem are marked once the check has said so (not while a break is being typed).
  const problems = error ? dayProblems(form) : new Map();
  return (
    <>
      <Checkbox
        label={t('attractionEditor.hours.always')}
        checked={form.always}
        onChange={(e) => onEdit({ ...form, always: e.currentTarget.checked })}
      />
      {!form.always && (
        <ul className={classes.days}>
          {order.map((day) => (
            <DayRow
              key={day}
              day={day}
              form={form}
              names={names}
              order={order}
              invalid={problems.has(day)}
              onEdit={onEdit}
            />
          ))}
        </ul>
      )}
      <Checkbox
        label={t('attractionEditor.hours.holidaysOff')}
        checked={form.holidaysOff}
        onChange={(e) => onEdit({ ...form, holidaysOff: e.currentTarget.checked })}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Text size="sm" c="dimmed" className={classes.savedAs}>
        {t('attractionEditor.hours.savedAs')}{' '}
        <Code dir="ltr" className={classes.code}>
          {text}
        </Code>
      </Text>
      <Group gap="xs" className={classes.actions}>
        <Button
          type="button"
          variant="subtle"
          leftSection={<IconTextCaption size={16} aria-hidden />}
          onClick={onText}
        >
          {t('attractionEditor.hours.asText')}
        </Button>
        <Button
          type="button"
          variant="subtle"
          color="red"
          leftSection={<IconCalendarOff size={16} aria-hidden />}
          onClick={onRemove}
        >
          {t('attractionEditor.hours.remove')}
        </Button>
      </Group>
    </>
  );
}

interface DayRowProps {
  day: number;
  form: HoursForm;
  names: string[];
  order: number[];
  /** A span with a problem (a time missing, past midnight), after a check: marked, so the form's check can focus it. */
  invalid: boolean;
  onEdit(form: HoursForm): void;
}

/** One day: its name, open or closed, its spans (a second after a break), and the copy shortcuts in a menu. */
function DayRow({ day, form, names, order, invalid, onEdit }: DayRowProps) {
  const { t } = useTranslation();
  const hours = form.days[day]!;
  const name = names[day]!;
  const previous = order.indexOf(day) > 0 ? names[order[order.indexOf(day) - 1]!] : undefined;
  const setSpans = (spans: TimeSpan[]) => onEdit(withDay(form, day, { open: true, spans }));
  const setTime = (i: number, key: keyof TimeSpan, time: string) =>
    setSpans(hours.spans.map((s, j) => (j === i ? { ...s, [key]: time } : s)));
  // The time to fix: a missing start, else the end (missing, the same as the start, or past midnight).
  const fromBad = (s: TimeSpan) =>
    invalid && spanProblem(s) === 'opening_hours_time_missing' && s.from === '';
  const toBad = (s: TimeSpan) => invalid && spanProblem(s) !== null && !fromBad(s);

  return (
    <li className={classes.day}>
      <Text fw={500} className={classes.name}>
        {name}
      </Text>
      <Switch
        className={classes.switch}
        checked={hours.open}
        label={hours.open ? t('attractionEditor.hours.open') : t('attractionEditor.hours.closed')}
        aria-label={t('attractionEditor.hours.dayOpen', { day: name })}
        onChange={(e) =>
          onEdit(
            withDay(
              form,
              day,
              e.currentTarget.checked
                ? { open: true, spans: spansToOpen(form, day, order) }
                : { open: false, spans: hours.spans },
            ),
          )
        }
      />
      <div className={classes.spans}>
        {hours.open &&
          hours.spans.map((s, i) => (
            <Group key={i} gap={6} wrap="nowrap" className={classes.span}>
              <TimeBox
                label={t(i === 0 ? 'attractionEditor.hours.opens' : 'attractionEditor.hours.opensAgain', {
                  day: name,
                })}
                value={s.from}
                onChange={(v) => setTime(i, 'from', v)}
                error={fromBad(s)}
              />
              <span aria-hidden>–</span>
              <TimeBox
                label={t(i === 0 ? 'attractionEditor.hours.closes' : 'attractionEditor.hours.closesAgain', {
                  day: name,
                })}
                value={s.to}
                onChange={(v) => setTime(i, 'to', v)}
                error={toBad(s)}
              />
              {i === 0 && hours.spans.length < MAX_SPANS && (
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t('attractionEditor.hours.addBreak', { day: name })}
                  onClick={() => setSpans(withBreak(s))}
                >
                  <IconClockPlus size={18} aria-hidden />
                </ActionIcon>
              )}
              {i > 0 && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('attractionEditor.hours.removeBreak', { day: name })}
                  onClick={() =>
                    // The day keeps its first opening and its last closing: the break goes, the day stays as long.
                    setSpans([{ from: hours.spans[0]!.from, to: s.to || hours.spans[0]!.to }])
                  }
                >
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          ))}
      </div>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            className={classes.menu}
            aria-label={t('attractionEditor.hours.dayMenu', { day: name })}
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {previous !== undefined && (
            <Menu.Item
              leftSection={<IconForms size={16} aria-hidden />}
              onClick={() => onEdit(sameAsPrevious(form, day, order))}
            >
              {t('attractionEditor.hours.sameAsPrevious', { day: previous })}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => onEdit(copyToAll(form, day))}
          >
            {t('attractionEditor.hours.copyToAll')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </li>
  );
}

interface TextBoxProps {
  value: HoursValue;
  onChange(value: HoursValue): void;
  error: string | undefined;
  canShow: boolean;
  onForm(): void;
}

/** The hours as OpenStreetMap's text: kept exactly as typed; back to the form when the form can show them. */
function TextBox({ value, onChange, error, canShow, onForm }: TextBoxProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('attractionEditor.hours.textLabel')}
        description={
          <>
            {t('attractionEditor.hours.textHint')}{' '}
            <Code dir="ltr" className={classes.example}>
              {EXAMPLE}
            </Code>{' '}
            <Anchor href={SYNTAX_PAGE} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
              {t('attractionEditor.hours.syntaxLink')}
            </Anchor>
          </>
        }
        dir="ltr"
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
        error={error}
        autoComplete="off"
        spellCheck={false}
      />
      {!canShow && (
        <Text size="sm" c="dimmed">
          {t('attractionEditor.hours.richer')}
        </Text>
      )}
      <Group gap="xs" className={classes.actions}>
        <Button
          type="button"
          variant="subtle"
          leftSection={<IconForms size={16} aria-hidden />}
          onClick={onForm}
          disabled={!canShow}
        >
          {t('attractionEditor.hours.asForm')}
        </Button>
      </Group>
    </>
  );
}

/** One time of a day's span (opens or closes): the browser's time field, written left to right in either language. */
function TimeBox({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: boolean;
}) {
  return (
    <TextInput
      type="time"
      dir="ltr"
      size="sm"
      className={classes.time}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}
