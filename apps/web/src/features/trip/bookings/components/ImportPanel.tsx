import '@mantine/core/styles/Progress.css';
import { useRef, useState, type DragEvent } from 'react';
import { Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { IconClipboardText, IconFileUpload } from '@tabler/icons-react';
import {
  BOOKING_FILE_BYTES_MAX,
  BOOKING_FILES_MAX,
  BOOKING_TEXT_MAX,
  type BookingProblem,
  type BookingsImportResponse,
} from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api';
import { useWrite } from '../../../../lib/use-write';
import { importFiles, importText } from '../api/bookings';
import type { PreviewInput } from './BookingsDialog';
import { Problems } from './Problems';
import classes from './Bookings.module.css';

/** What the file picker offers (the server reads the bytes, whatever the name says). */
export const BOOKING_ACCEPT = '.eml,.pdf,.pkpass,.html,.htm,.ics,.txt';

/**
 * The problems a refused import names: the server's field errors are per file ({ field: the file's name, or "text" },
 * code), else the answer's code alone.
 */
function problemsOf(error: ApiError): BookingProblem[] {
  const named = error.fieldErrors
    .filter((e) => e.code.startsWith('booking_'))
    .map((e) => ({ file: e.field === 'text' ? null : e.field, code: e.code as BookingProblem['code'] }));
  return named.length > 0 ? named : [{ file: null, code: error.code as BookingProblem['code'] }];
}

/**
 * The ways in of an upload: files dropped on the zone or chosen (several at once), or pasted text. Sends them to the
 * import call (nothing is written on the trip), shows that it is reading, and hands the preview on; what could not be
 * read is listed by file with its reason. A file over the size the server reads is named here without sending it.
 */
export function ImportPanel({ rideId, onPreview }: { rideId: number; onPreview: (input: PreviewInput) => void }) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const [dropping, setDropping] = useState(false);
  const [text, setText] = useState('');
  const [reading, setReading] = useState<{ files: number } | null>(null);
  const [problems, setProblems] = useState<BookingProblem[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const resetPicker = useRef<() => void>(null);

  const read = async (call: () => Promise<BookingsImportResponse>, local: BookingProblem[]) => {
    setProblems(local);
    const result = await run(call, {
      onError: (error) => {
        if (error instanceof ApiError && error.code.startsWith('booking_')) {
          setProblems([...local, ...problemsOf(error)]);
          return true;
        }
        return false;
      },
    });
    setReading(null);
    if (result)
      onPreview({ reservations: result.reservations, problems: [...local, ...result.problems], trip: result.trip });
  };

  const sendFiles = (chosen: File[]) => {
    resetPicker.current?.();
    if (chosen.length === 0 || busy) return;
    setNote(chosen.length > BOOKING_FILES_MAX ? t('bookings.import.tooMany', { count: BOOKING_FILES_MAX }) : null);
    const first = chosen.slice(0, BOOKING_FILES_MAX);
    const tooLarge = first.filter((f) => f.size > BOOKING_FILE_BYTES_MAX);
    const files = first.filter((f) => f.size <= BOOKING_FILE_BYTES_MAX);
    const local = tooLarge.map((f) => ({ file: f.name, code: 'booking_file_too_large' as const }));
    if (files.length === 0) {
      setProblems(local);
      return;
    }
    setReading({ files: files.length });
    void read(() => importFiles(rideId, files), local);
  };

  const sendText = () => {
    const pasted = text.trim();
    if (!pasted) {
      setNote(t('bookings.import.nothingToRead'));
      return;
    }
    setNote(null);
    setReading({ files: 0 });
    void read(() => importText(rideId, pasted), []);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDropping(false);
    sendFiles([...event.dataTransfer.files]);
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('bookings.import.intro')}</Text>
      <div
        className={`${classes.drop} ${dropping ? classes.dropping : ''}`}
        data-testid="bookings-drop"
        onDragEnter={(e) => {
          e.preventDefault();
          setDropping(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
      >
        <IconFileUpload size={32} aria-hidden />
        <Text fw={600}>{t('bookings.import.drop')}</Text>
        <Text size="sm" c="dimmed">
          {t('bookings.import.or')}
        </Text>
        <FileButton onChange={sendFiles} accept={BOOKING_ACCEPT} multiple resetRef={resetPicker} disabled={busy}>
          {(props) => (
            <Button {...props} variant="filled">
              {t('bookings.import.choose')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('bookings.import.formats', { count: BOOKING_FILES_MAX })}
        </Text>
      </div>
      <Textarea
        label={t('bookings.import.pasteLabel')}
        placeholder={t('bookings.import.pastePlaceholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={BOOKING_TEXT_MAX}
        disabled={busy}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconClipboardText size={16} aria-hidden />}
          onClick={sendText}
          loading={busy && reading?.files === 0}
          disabled={busy}
        >
          {t('bookings.import.readText')}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {reading && (
          <Stack gap={4}>
            <Text size="sm">
              {reading.files > 0
                ? t('bookings.import.reading', { count: reading.files })
                : t('bookings.import.readingText')}
            </Text>
            <Progress value={100} striped animated aria-hidden />
          </Stack>
        )}
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
      </div>
      <Problems problems={problems} />
    </Stack>
  );
}
