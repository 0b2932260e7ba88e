import { useMemo, useRef, useState } from 'react';
// Only this page draws a progress bar: its sheet comes with it, not with every page (app/mantine-styles.ts).
import '@mantine/core/styles/Progress.css';
import { Alert, Button, Container, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowBack } from '@tabler/icons-react';
import { draftTrip, NEW_TRIP_PARTY, photoGroups, type PhotoGroup, type TripDraft } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { SignInFirst } from '../../../components/StatusPage';
import { errorCode } from '../../../lib/api';
import { currentLanguage, messageKey } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-store';
import { parseId, toDisplayDate } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { addTrip } from '../../../lib/new-trip';
import { DraftTrip } from '../components/DraftTrip';
import { PhotoGroups } from '../components/PhotoGroups';
import { PhotoPicker } from '../../../components/photos/PhotoPicker';
import { draftItems, keptItems, tripSpan, type DraftItem } from '../../../lib/photos/draft-plan';
import { readPhotos, toDraftPhoto, type PickedPhoto } from '../../../lib/photos/read-photos';
import {
  sendPhotos,
  sendStays,
  type SendFailure,
  type StepAnswer,
  type StepQuestion,
} from '../../../lib/photos/send-photos';
import { CorrectionStep } from '../../../components/photos/CorrectionStep';
import { plannedStays } from '../../../lib/photos/stays';

type Ready = Extract<TripDraft, { ok: true }>;
type Stage =
  | { step: 'pick' }
  | { step: 'reading'; done: number; total: number }
  | { step: 'refused'; code: string }
  | { step: 'groups'; photos: Map<string, PickedPhoto>; groups: PhotoGroup[] }
  | { step: 'draft'; photos: Map<string, PickedPhoto>; draft: Ready; groups: PhotoGroup[] | null }
  | { step: 'sending'; done: number; total: number; photos: Map<string, PickedPhoto> }
  | { step: 'failed'; rideId: number; failures: SendFailure[]; photos: Map<string, PickedPhoto> };

/** Where the first-time photo flow ends (001 §4): the new trip's information, with upload_trip_adding_text_stage. */
const firstTimeInformation = (rideId: number) => `${paths.rideInformation(rideId)}?first_time=true`;

/**
 * /insert_new_ride_from_google_photos (002 §2.1; issue 20): a new trip from photos. The photos are read in the
 * browser, the draft trip shown day by day; "create the trip" makes the trip over the photos' span and sends one
 * photo of each kept stop. Nothing is uploaded before that, and dropped photos never are.
 * /add_images/:rideId: the same flow into an existing trip (its days must hold the photos' dates: the server refuses
 * a photo outside them with day_not_in_trip_range, listed with the other failures); it ends on the trip (001 §4).
 */
export default function NewTripFromPhotosPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const params = useParams();
  // An existing trip's id (/add_images/:rideId), else a new trip; a malformed id is refused by the server's calls.
  const existing = params.rideId === undefined ? null : (parseId(params.rideId) ?? 0);
  const texts = existing === null ? 'photos.newTrip' : 'photos.addImages';
  const [stage, setStage] = useState<Stage>({ step: 'pick' });
  const [dropped, setDropped] = useState<Set<string>>(new Set());
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The correction step's open question and how to answer it (the batch waits for it).
  const [question, setQuestion] = useState<{ asked: StepQuestion; answer: (a: StepAnswer) => void } | null>(
    null,
  );
  const pageTitle = t(`${texts}.title`);
  const items = useMemo(() => (stage.step === 'draft' ? draftItems(stage.draft) : []), [stage]);
  // Every photo read, for going back from a chosen group's draft to the groups.
  const allPhotos = useRef<Map<string, PickedPhoto>>(new Map());

  if (session === null) return <SignInFirst title={pageTitle} text={t(`${texts}.signInText`)} />;

  const pick = async (files: File[]) => {
    setStage({ step: 'reading', done: 0, total: files.length });
    const photos = await readPhotos(files, (done) =>
      setStage({ step: 'reading', done, total: files.length }),
    );
    const all = new Map(photos.map((p) => [p.id, p]));
    const draft = draftTrip(photos.map(toDraftPhoto));
    // Photos of several trips are not refused whole (issue 30 point 7): their candidate trips are shown to pick from.
    if (!draft.ok && draft.code === 'limiting_the_trip_duration') {
      setStage({ step: 'groups', photos: all, groups: photoGroups(photos.map(toDraftPhoto)) });
      return;
    }
    if (!draft.ok) {
      setStage({ step: 'refused', code: draft.code });
      return;
    }
    showDraft(all, draft, null);
  };

  const showDraft = (photos: Map<string, PickedPhoto>, draft: Ready, groups: PhotoGroup[] | null) => {
    setDropped(new Set());
    setError(null);
    setTitle(
      t('photos.newTrip.defaultTitle', {
        from: toDisplayDate(draft.startDate),
        to: toDisplayDate(draft.endDate),
      }),
    );
    setStage({ step: 'draft', photos, draft, groups });
  };

  /** One candidate trip chosen: the draft of its selected photos (a group fits in a trip's days by its making). */
  const pickGroup = (photos: Map<string, PickedPhoto>, groups: PhotoGroup[], ids: string[]) => {
    const chosen = new Map(
      ids.flatMap((id) => (photos.has(id) ? [[id, photos.get(id) as PickedPhoto] as const] : [])),
    );
    const draft = draftTrip([...chosen.values()].map(toDraftPhoto));
    if (!draft.ok) {
      setStage({ step: 'refused', code: draft.code });
      return;
    }
    // The draft holds the chosen photos only; the back step returns to all of them.
    allPhotos.current = photos;
    showDraft(chosen, draft, groups);
  };

  const create = async () => {
    if (stage.step !== 'draft') return;
    const kept = keptItems(items, dropped);
    setBusy(true);
    setError(null);
    let rideId: number;
    try {
      rideId =
        existing ??
        (
          await addTrip({
            title,
            ...tripSpan(stage.draft),
            // The party a new trip starts from (the form's too), not the wire's default for a call that leaves it out.
            ...NEW_TRIP_PARTY,
            language: currentLanguage() === 'en' ? 'english' : 'hebrew',
          })
        ).rideId;
    } catch (e) {
      setError(t(messageKey(errorCode(e))));
      setBusy(false);
      return;
    }
    const photos = stage.photos;
    // The kept nights become stays after the stops (consecutive nights at one place: one stay).
    const stays = plannedStays(stage.draft, dropped);
    const total = kept.length + stays.length;
    setStage({ step: 'sending', done: 0, total, photos });
    const failures = await sendPhotos({
      rideId,
      items: kept,
      photos,
      editLaterName: (item: DraftItem) => t('photos.editLaterName', { day: item.day + 1 }),
      onProgress: (done) => setStage({ step: 'sending', done, total, photos }),
      ask: (asked) =>
        new Promise<StepAnswer>((resolve) =>
          setQuestion({
            asked,
            answer: (a) => {
              setQuestion(null);
              resolve(a);
            },
          }),
        ),
    });
    failures.push(
      ...(await sendStays({
        rideId,
        stays,
        photos,
        unnamed: (stay) => t('photos.stayName', { day: stay.day + 1 }),
        onProgress: (done) => setStage({ step: 'sending', done: kept.length + done, total, photos }),
      })),
    );
    setBusy(false);
    if (failures.length > 0) {
      setStage({ step: 'failed', rideId, failures, photos });
      return;
    }
    if (existing !== null) {
      void navigate(paths.trip(rideId));
      return;
    }
    showToast({ message: t('photos.upload_trip_adding_text_stage'), color: 'brand' });
    void navigate(firstTimeInformation(rideId));
  };

  const toggle = (key: string) =>
    setDropped((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <Container size={stage.step === 'draft' ? 1200 : stage.step === 'groups' ? 800 : 640} py="lg" px="md">
      <DocumentTitle title={pageTitle} />
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {pageTitle}
        </Title>
        {stage.step === 'pick' && (
          <>
            <Text c="dimmed">{t(`${texts}.intro`)}</Text>
            <PhotoPicker onPick={(files) => void pick(files)} />
          </>
        )}
        {stage.step === 'reading' && (
          <ProgressCard label={t('photos.reading')} done={stage.done} total={stage.total} />
        )}
        {stage.step === 'refused' && (
          <>
            <Alert color="red" role="alert" title={t('photos.refusedTitle')}>
              {t(messageKey(stage.code))}
            </Alert>
            <PhotoPicker onPick={(files) => void pick(files)} />
          </>
        )}
        {stage.step === 'groups' && (
          <PhotoGroups
            groups={stage.groups}
            photos={stage.photos}
            onPick={(ids) => pickGroup(stage.photos, stage.groups, ids)}
          />
        )}
        {stage.step === 'draft' && (
          <>
            {stage.groups && (
              <Group>
                <Button
                  variant="subtle"
                  leftSection={<IconArrowBack size={16} aria-hidden />}
                  onClick={() =>
                    stage.groups &&
                    setStage({ step: 'groups', photos: allPhotos.current, groups: stage.groups })
                  }
                >
                  {t('photos.groups.back')}
                </Button>
              </Group>
            )}
            <Text c="dimmed">
              {t(`${texts}.draftIntro`, {
                photos: t('photos.photoCount', { count: stage.photos.size }),
                days: t('photos.dayCount', { count: stage.draft.days.length }),
              })}
            </Text>
            <DraftTrip
              draft={stage.draft}
              items={items}
              photos={stage.photos}
              dropped={dropped}
              onToggle={toggle}
              title={existing === null ? title : null}
              onTitle={setTitle}
              numberDays={existing === null}
              submitLabel={(count) =>
                t(existing === null ? 'photos.create' : 'photos.addImages.add', { count })
              }
              onCreate={() => void create()}
              busy={busy}
              error={error}
            />
          </>
        )}
        {stage.step === 'sending' && (
          <ProgressCard label={t('photos.sending')} done={stage.done} total={stage.total} />
        )}
        {stage.step === 'sending' && question && (
          <CorrectionStep
            question={question.asked}
            photo={stage.photos.get(question.asked.item.photoId)}
            onAnswer={question.answer}
          />
        )}
        {stage.step === 'failed' && (
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="sm" align="flex-start">
              <Alert
                color="yellow"
                role="alert"
                title={t('photos.someFailed', { count: stage.failures.length })}
                w="100%"
              >
                <List size="sm">
                  {stage.failures.map((f) => (
                    <List.Item key={f.photoId}>
                      {t('photos.failedItem', {
                        name: stage.photos.get(f.photoId)?.file.name ?? f.photoId,
                        message: t(messageKey(f.code)),
                      })}
                    </List.Item>
                  ))}
                </List>
              </Alert>
              <Button
                onClick={() =>
                  void navigate(
                    existing === null ? firstTimeInformation(stage.rideId) : paths.trip(stage.rideId),
                  )
                }
              >
                {t('photos.continue')}
              </Button>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

/** "n of total" (001 §4 the upload-status modal's count), with a bar. */
function ProgressCard({ label, done, total }: { label: string; done: number; total: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" role="status" aria-live="polite">
      <Stack gap="sm">
        <Text fw={600}>{label}</Text>
        <Progress value={total === 0 ? 0 : (done / total) * 100} aria-hidden />
        <Text size="sm">{t('photos.progress', { n: done, total })}</Text>
      </Stack>
    </Paper>
  );
}
