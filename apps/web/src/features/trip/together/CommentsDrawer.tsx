import { useRef, useState } from 'react';
import { Button, Drawer, Group, Stack, Text, Textarea } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { COMMENT_MAX, type CommentsResponse } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../../lib/use-write';
import { commentsKey, deleteComment, postComment } from './api';
import { insertMention, mentionAt, mentionChoices } from './mentions';
import type { OpenTarget } from './TogetherLayer';
import classes from './Together.module.css';

/**
 * The comments of one activity, stay or day (decision 0066): read by the trip's people, written by commenters and
 * more, each deleted by its writer (the owner may delete any through the call). Comments are plain text, shown as
 * text. Typing "@" offers the trip's people; choosing one inserts "@Name", which mails them in the next digest.
 */
export default function CommentsDrawer({
  rideId,
  target,
  data,
  onClose,
}: {
  rideId: number;
  target: OpenTarget;
  data: CommentsResponse;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { run, busy } = useWrite();
  const [text, setText] = useState('');
  const [cursor, setCursor] = useState(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const comments = data.comments.filter((c) => c.target.type === target.type && c.target.id === target.id);
  const at = mentionAt(text, cursor);
  const choices = at ? mentionChoices(data.people, at.query, null) : [];
  const refresh = {
    invalidate: (qc: QueryClient) => qc.invalidateQueries({ queryKey: commentsKey(rideId) }),
  };

  const send = async () => {
    const body = text.trim();
    if (!body) return;
    const done = await run(
      () => postComment(rideId, { target: { type: target.type, id: target.id }, text: body }),
      refresh,
    );
    if (done) setText('');
  };

  return (
    <Drawer
      opened
      onClose={onClose}
      position="bottom"
      size="auto"
      title={`${t('together.comments.title')}: ${target.label}`}
      closeButtonProps={{ 'aria-label': t('together.comments.close') }}
    >
      <Stack gap="sm" data-testid="comments-drawer">
        {comments.length === 0 && <Text c="dimmed">{t('together.comments.empty')}</Text>}
        {comments.map((c) => (
          <div key={c.id} className={classes.comment}>
            <div className={classes.meta}>
              <bdi>{c.userName}</bdi>
              <span>{new Date(c.createdAt).toLocaleString(i18n.language)}</span>
              {c.mayDelete && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  disabled={busy}
                  onClick={() => void run(() => deleteComment(rideId, c.id), refresh)}
                >
                  {t('together.comments.delete')}
                </Button>
              )}
            </div>
            <p className={classes.commentText} dir="auto">
              {c.text}
            </p>
          </div>
        ))}
        {data.mayWrite ? (
          <>
            <Textarea
              ref={input}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setCursor(e.currentTarget.selectionStart);
              }}
              onSelect={(e) => setCursor(e.currentTarget.selectionStart)}
              placeholder={t('together.comments.placeholder')}
              aria-label={t('together.comments.placeholder')}
              maxLength={COMMENT_MAX}
              autosize
              minRows={2}
              dir="auto"
            />
            {choices.length > 0 && at && (
              <div
                className={classes.mentionChoices}
                role="group"
                aria-label={t('together.comments.mentions')}
              >
                {choices.map((p) => (
                  <Button
                    key={p.userId}
                    variant="light"
                    size="compact-sm"
                    onClick={() => {
                      const next = insertMention(text, at, p);
                      setText(next.text);
                      setCursor(next.cursor);
                      input.current?.focus();
                    }}
                  >
                    @<bdi>{p.name}</bdi>
                  </Button>
                ))}
              </div>
            )}
            <Group justify="flex-end">
              <Button onClick={() => void send()} loading={busy} disabled={!text.trim()}>
                {t('together.comments.send')}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('together.comments.readOnly')}
          </Text>
        )}
      </Stack>
    </Drawer>
  );
}
