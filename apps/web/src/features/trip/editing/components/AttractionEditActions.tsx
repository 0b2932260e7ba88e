import { isolateUserText } from '@rides/contract';
import { lazy, Suspense, useState } from 'react';
import { IconCalendarEvent, IconClock, IconPencil, IconTrash } from '@tabler/icons-react';
import type { RideAttractionWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import actions from '../../../../components/Actions.module.css';
import classes from './EditActions.module.css';
import { showToast } from '../../../../lib/toast';
import { removeAttraction, updateAttractionTime } from '../../data/attraction-calls';
import { amPmToClock } from '../../data/wire';
import { attractionEditPath } from '../../../../lib/screen-paths';
import { decodeTokenPayload } from '../../../../lib/session';
import { useSession } from '../../../../lib/session-store';
import { restoreRemovedAttraction, UNDO_MS } from '../../shared/undo-removal';
import { UndoMessage } from '../../shared/UndoMessage';
import { useTripEdit } from '../hooks/useTripEdit';
import { ConfirmModal } from './ConfirmModal';

const ActivityTimeModal = lazy(() => import('../../shared/ActivityTimeModal'));

interface AttractionEditActionsProps {
  rideId: number;
  attraction: RideAttractionWire;
  dayIndex: number;
  /** YYYY-MM-DD of each day of the trip. */
  dates: string[];
}

/**
 * The author's buttons on an activity card (000 §2): remove (confirmed, then undoable for 10 seconds), change day and
 * set time (one dialog, two starting fields). Rendered only for the author of an unlocked trip, in the browser.
 */
export default function AttractionEditActions({ rideId, attraction, dayIndex, dates }: AttractionEditActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<null | 'remove' | 'date' | 'time'>(null);
  const { run, busy } = useTripEdit(rideId);
  const date = dates[dayIndex];
  // Editing the attraction itself is its author's only (000 §6): the attraction editor (decision 0020).
  const token = useSession()?.token;
  const isAttractionAuthor = !!token && decodeTokenPayload(token)?.user_id === attraction.authorId;

  // The dialog stays open with what was typed when the call fails (useTripEdit shows why).
  const saveTime = async (day: string, time: string | null) => {
    const done = await run(() => updateAttractionTime(rideId, attraction.id, day, time), {
      success: t('tripEditing.time.saved', { name: isolateUserText(attraction.title) }),
    });
    if (done) setDialog(null);
  };

  const remove = async () => {
    const done = await run(() => removeAttraction(rideId, attraction.id));
    setDialog(null);
    if (!done || !date) return;
    const id = `undo-remove-${rideId}-${attraction.id}`;
    showToast({
      id,
      color: 'brand',
      autoClose: UNDO_MS,
      message: (
        <UndoMessage
          toastId={id}
          text={t('tripEditing.remove.done', { name: isolateUserText(attraction.title) })}
          onUndo={() =>
            run(() => restoreRemovedAttraction(rideId, attraction, date), {
              success: t('tripEditing.remove.restored', { name: isolateUserText(attraction.title) }),
            })
          }
        />
      ),
    });
  };

  return (
    <>
      <div className={`${actions.row} ${classes.authorRow}`} role="group" aria-label={t('tripEditing.activityActions', { name: attraction.title })}>
        <button type="button" className={`${actions.action} ${actions.default}`} onClick={() => setDialog('date')} aria-haspopup="dialog">
          <IconCalendarEvent size={16} aria-hidden />
          {t('tripEditing.changeDay')}
        </button>
        <button type="button" className={`${actions.action} ${actions.default}`} onClick={() => setDialog('time')} aria-haspopup="dialog">
          <IconClock size={16} aria-hidden />
          {attraction.dateTime ? t('tripEditing.changeTime') : t('tripEditing.setTime')}
        </button>
        {isAttractionAuthor && (
          <Link to={attractionEditPath(attraction.id, rideId)} className={`${actions.action} ${actions.default}`}>
            <IconPencil size={16} aria-hidden />
            {t('tripEditing.editActivity')}
          </Link>
        )}
        <button type="button" className={`${actions.action} ${classes.danger}`} onClick={() => setDialog('remove')} aria-haspopup="dialog">
          <IconTrash size={16} aria-hidden />
          {t('tripEditing.remove.button')}
        </button>
      </div>
      {dialog === 'remove' && (
        <ConfirmModal
          title={t('tripEditing.remove.title')}
          confirmLabel={t('tripEditing.remove.confirm')}
          onConfirm={() => void remove()}
          onClose={() => setDialog(null)}
          busy={busy}
          danger
        >
          {t('tripEditing.remove.text', { name: isolateUserText(attraction.title) })}
        </ConfirmModal>
      )}
      {(dialog === 'date' || dialog === 'time') && (
        <Suspense fallback={null}>
          <ActivityTimeModal
            name={attraction.title}
            dates={dates}
            dayIndex={dayIndex}
            clock={amPmToClock(attraction.dateTime) ?? ''}
            focus={dialog}
            saving={busy}
            onSave={(day, time) => void saveTime(day, time)}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </>
  );
}
