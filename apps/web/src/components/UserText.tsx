import { textDirection } from '@rides/contract';
import { isolatedRuns } from '../lib/bidi';

/**
 * Text a user wrote (a title, a name, an address, a phone number, a code, a note's line) shown inside the interface:
 * a <bdi> takes the value's own direction (most of its words', else dir="auto": the contract's textDirection), so
 * "Templars' Tunnel." keeps its full stop at its end on a Hebrew page, and its phones and codes read left to right.
 * Every user value on a screen goes through here (a text inside a translation: the contract's isolateUserText).
 */
export function UserText({
  children,
  className,
}: {
  children: string | null | undefined;
  className?: string;
}) {
  if (!children) return null;
  return (
    <bdi className={className} dir={textDirection(children) ?? undefined} data-user-text="">
      {isolatedRuns(children)}
    </bdi>
  );
}
