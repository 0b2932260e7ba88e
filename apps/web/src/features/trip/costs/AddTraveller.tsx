import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { PARTICIPANT_NAME_MAX } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../../lib/use-write';
import { costsKeys, postParticipant } from './api';

/** "Add a traveller" (issue 35): someone without an account who shares the costs, by name. */
export default function AddTraveller({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const [name, setName] = useState('');
  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const done = await run(() => postParticipant(rideId, name.trim()), {
      invalidate: (qc) => qc.invalidateQueries({ queryKey: costsKeys.all(rideId) }),
      success: t('costs.traveller.added'),
    });
    if (done) setName('');
  };
  return (
    <form onSubmit={(e) => void add(e)}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('costs.traveller.label')}
          maxLength={PARTICIPANT_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="traveller-name"
        />
        <Button type="submit" variant="default" loading={busy} disabled={!name.trim()}>
          {t('costs.traveller.add')}
        </Button>
      </Group>
    </form>
  );
}
