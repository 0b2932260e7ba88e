import { useState } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconRefresh, IconStar, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { UniquenessGroup, UniquenessProposal } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { FormPage } from '../../../components/FormPage';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session-store';
import { useWrite } from '../../../lib/use-write';
import {
  acceptProposal,
  dismissProposal,
  moveAttractionToGroup,
  readAgain,
  setMainAttraction,
  uniquenessGroupsQuery,
  uniquenessProposalsQuery,
} from '../api/uniqueness';
import { groupName, groupRows, moveTargets, placeLine } from '../lib/uniqueness-view';
import classes from './UniquenessGroupsPage.module.css';
import { UserText } from '../../../components/UserText';

/**
 * /editing_atractions_uniqnes (001 §2 "Search screens", 002 §2.1; decision 0040): records of one real place gathered
 * in groups, each with a main record that searches show. Managers and platform admins (the server decides what each
 * may change); everyone else is sent to /, as the planner's library does. The proposals first (accept or dismiss),
 * then the groups: a table on a desktop, cards on a phone.
 */
export default function UniquenessGroupsPage() {
  const session = useSession();
  if (session?.role !== 'manager' && !session?.isAdmin) return <Navigate to={PATHS.home} replace />;
  return <Groups viewer={session.token} />;
}

function Groups({ viewer }: { viewer: string }) {
  const { t } = useTranslation();
  const groups = useQuery(uniquenessGroupsQuery(viewer));
  const proposals = useQuery(uniquenessProposalsQuery(viewer));
  const failed = groups.isError ? groups.error : proposals.isError ? proposals.error : null;
  const groupList = groups.data?.groups;
  const proposalList = proposals.data?.proposals;

  let body;
  if (failed)
    body = (
      <Alert role="alert" color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text>{t('uniquenessGroups.loadFailed')}</Text>
          <Text size="sm">{t(messageKey(errorCode(failed)))}</Text>
          <Button
            size="compact-md"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void Promise.all([groups.refetch(), proposals.refetch()])}
          >
            {t('uniquenessGroups.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (!groupList || !proposalList) body = <LoadingIndicator p="xl" />;
  else
    body = (
      <>
        <section aria-labelledby="uniqueness-proposals" className={classes.section}>
          <Title order={2} id="uniqueness-proposals" fz="h3">
            {t('uniquenessGroups.proposalsTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('uniquenessGroups.proposalsIntro')}
          </Text>
          {proposalList.length === 0 ? (
            <Text>{t('uniquenessGroups.noProposals')}</Text>
          ) : (
            <ul className={classes.cards}>
              {proposalList.map((p) => (
                <ProposalCard key={p.attractions.map((a) => a.id).join(',')} proposal={p} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="uniqueness-groups" className={classes.section}>
          <Title order={2} id="uniqueness-groups" fz="h3">
            {t('uniquenessGroups.groupsTitle')}
          </Title>
          {groupList.length === 0 ? (
            <Text>{t('uniquenessGroups.empty')}</Text>
          ) : (
            groupList.map((g) => <GroupTable key={g.AttractionUniqnessId} group={g} all={groupList} />)
          )}
        </section>
      </>
    );

  return (
    <FormPage wide={1000} title={t('uniquenessGroups.title')} intro={t('uniquenessGroups.intro')}>
      <Group>
        <Button
          component={Link}
          to={PATHS.plannerLibrary}
          variant="default"
          leftSection={<IconArrowBackUp size={18} aria-hidden />}
        >
          {t('uniquenessGroups.back')}
        </Button>
      </Group>
      {body}
    </FormPage>
  );
}

function ProposalCard({ proposal }: { proposal: UniquenessProposal }) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const ids = proposal.attractions.map((a) => a.id);
  const main = proposal.attractions.find((a) => a.id === proposal.mainId) ?? proposal.attractions[0];
  const name = main?.title ?? '';
  return (
    <li className={classes.card}>
      <Group gap="xs">
        {proposal.reasons.map((r) => (
          <Badge key={r} variant="light" color={r === 'placeId' ? 'teal' : 'blue'}>
            {t(r === 'placeId' ? 'uniquenessGroups.reasonPlaceId' : 'uniquenessGroups.reasonName')}
          </Badge>
        ))}
      </Group>
      <ul className={classes.members}>
        {proposal.attractions.map((a) => (
          <li key={a.id}>
            <Text fw={600} component="span">
              <UserText>{a.title}</UserText>
            </Text>{' '}
            {a.id === proposal.mainId && (
              <Badge size="sm" variant="outline" leftSection={<IconStar size={12} aria-hidden />}>
                {t('uniquenessGroups.suggestedMain')}
              </Badge>
            )}
            <Text size="sm" c="dimmed" dir="auto">
              {placeLine(a)}
            </Text>
          </li>
        ))}
      </ul>
      <Group gap="sm">
        <Button
          size="compact-md"
          leftSection={<IconCheck size={14} aria-hidden />}
          loading={busy}
          aria-label={t('uniquenessGroups.acceptNamed', { title: name })}
          onClick={() =>
            void run(() => acceptProposal({ attractionIds: ids, mainId: proposal.mainId }), {
              invalidate: readAgain,
              success: t('uniquenessGroups.accepted'),
            })
          }
        >
          {t('uniquenessGroups.accept')}
        </Button>
        <Button
          size="compact-md"
          variant="default"
          leftSection={<IconX size={14} aria-hidden />}
          disabled={busy}
          aria-label={t('uniquenessGroups.dismissNamed', { title: name })}
          onClick={() =>
            void run(() => dismissProposal(ids), {
              invalidate: readAgain,
              success: t('uniquenessGroups.dismissed'),
            })
          }
        >
          {t('uniquenessGroups.dismiss')}
        </Button>
      </Group>
    </li>
  );
}

function GroupTable({ group, all }: { group: UniquenessGroup; all: readonly UniquenessGroup[] }) {
  const { t } = useTranslation();
  const id = group.AttractionUniqnessId;
  const headingId = `uniqueness-group-${id}`;
  return (
    <div className={classes.group}>
      <Title order={3} fz="h4" id={headingId}>
        {t('uniquenessGroups.groupHeading', { id, name: groupName(group) })}
      </Title>
      {!group.mayChange && (
        <Text size="sm" c="dimmed">
          {t('uniquenessGroups.notYours')}
        </Text>
      )}
      <table className={classes.table} aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">{t('uniquenessGroups.colTitle')}</th>
            <th scope="col">{t('uniquenessGroups.colPlace')}</th>
            <th scope="col">{t('uniquenessGroups.colMain')}</th>
            <th scope="col">{t('uniquenessGroups.colMove')}</th>
          </tr>
        </thead>
        <tbody>
          {groupRows(group).map((row) => (
            <MemberRow key={row.attraction.id} group={group} all={all} {...row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MemberRow({
  group,
  all,
  attraction,
  isMain,
}: {
  group: UniquenessGroup;
  all: readonly UniquenessGroup[];
  attraction: UniquenessGroup['convertedUniqAtractions'][number];
  isMain: boolean;
}) {
  const { t } = useTranslation();
  const { run, busy } = useWrite();
  const targets = moveTargets(all, group);
  const [target, setTarget] = useState('');
  const chosen = target || String(targets[0]?.AttractionUniqnessId ?? '');
  return (
    <tr className={isMain ? classes.mainRow : undefined}>
      <th scope="row" className={classes.title}>
        <UserText>{attraction.title}</UserText>
      </th>
      <td className={classes.place}>
        <span dir="auto">{placeLine(attraction)}</span>
      </td>
      <td className={classes.main}>
        {isMain ? (
          <Badge leftSection={<IconStar size={12} aria-hidden />}>{t('uniquenessGroups.main')}</Badge>
        ) : group.mayChange ? (
          <Button
            size="compact-sm"
            variant="light"
            loading={busy}
            aria-label={t('uniquenessGroups.setMainNamed', { title: attraction.title })}
            onClick={() =>
              void run(() => setMainAttraction(group.AttractionUniqnessId, attraction.id), {
                invalidate: readAgain,
                success: t('uniquenessGroups.mainSet'),
              })
            }
          >
            {t('uniquenessGroups.setMain')}
          </Button>
        ) : null}
      </td>
      <td className={classes.move}>
        {targets.length === 0 ? (
          <Text size="sm" c="dimmed" component="span">
            {t('uniquenessGroups.noTargets')}
          </Text>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <NativeSelect
              size="xs"
              aria-label={t('uniquenessGroups.moveTo', { title: attraction.title })}
              value={chosen}
              onChange={(e) => setTarget(e.currentTarget.value)}
              data={targets.map((g) => ({
                value: String(g.AttractionUniqnessId),
                label: t('uniquenessGroups.groupOption', { id: g.AttractionUniqnessId, name: groupName(g) }),
              }))}
            />
            <Button
              size="compact-sm"
              variant="default"
              disabled={busy}
              onClick={() =>
                void run(() => moveAttractionToGroup(attraction.id, Number(chosen)), {
                  invalidate: readAgain,
                  success: t('uniquenessGroups.moved'),
                })
              }
            >
              {t('uniquenessGroups.move')}
            </Button>
          </Group>
        )}
      </td>
    </tr>
  );
}
