import { Fragment, type ReactNode } from 'react';
import { Group, Pagination, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { SortState } from '../lib/table-rules';
import classes from './DataTable.module.css';

/**
 * The admin screens' one table (002 §2.3, §2.4, §2.5): headers (a sortable one is a button, a second click turns the
 * order; aria-sort says which), a row per item, an optional detail row under an item (the PDF history's exports). On a
 * phone each row is a card, every cell under its header's name (issue 30: scrolled sideways, the table hid most of its
 * columns beyond the screen's edge); the page never scrolls sideways. Who sorts and pages (the browser or the
 * server) is the screen's business: the table shows the rows it is given and says which header was clicked.
 */

export interface Column<Row, S extends string = string> {
  /** The header's text; with `hiddenHeader` it is the header's accessible name only (an icon column). */
  header: string;
  hiddenHeader?: boolean;
  /** The column's sort key: its header sorts by it. */
  sort?: S;
  /** How the cell's text wraps: one line (dates), an email or a title that may break anywhere, a long reason. */
  layout?: 'nowrap' | 'email' | 'title' | 'reason';
  cell: (row: Row) => ReactNode;
}

export function DataTable<Row, S extends string = string>({
  columns,
  rows,
  rowKey,
  minWidth,
  sort,
  onSort,
  detail,
  striped = true,
  verticalSpacing = 'sm',
  rowTestId,
  testId,
}: {
  columns: readonly Column<Row, S>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Below this width the table scrolls sideways (a tablet; a phone shows cards). */
  minWidth: number;
  sort?: SortState<S>;
  onSort?: (column: S) => void;
  /** A full-width row under the item, or null for none. */
  detail?: (row: Row) => { id: string; content: ReactNode } | null;
  striped?: boolean;
  verticalSpacing?: 'sm' | 'xs' | number;
  rowTestId?: string;
  testId?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className={classes.scroll}>
      <Table
        striped={striped}
        highlightOnHover={striped}
        verticalSpacing={verticalSpacing}
        className={classes.table}
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <HeaderCell key={i} column={c} sort={sort} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const more = detail?.(row) ?? null;
            return (
              <Fragment key={rowKey(row)}>
                <Table.Tr data-testid={rowTestId}>
                  {columns.map((c, i) => (
                    <Table.Td
                      key={i}
                      className={c.layout ? classes[c.layout] : undefined}
                      // The card's label on a phone (DataTable.module.css); an icon column's is its header's name.
                      data-label={c.header}
                    >
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {more && (
                  <Table.Tr className={classes.detailRow} id={more.id}>
                    <Table.Td colSpan={columns.length}>{more.content}</Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HeaderCell<Row, S extends string>({
  column,
  sort,
  onSort,
}: {
  column: Column<Row, S>;
  sort?: SortState<S>;
  onSort?: (column: S) => void;
}) {
  if (column.hiddenHeader) return <Table.Th aria-label={column.header} />;
  const key = column.sort;
  if (key === undefined || !sort || !onSort) return <Table.Th>{column.header}</Table.Th>;
  const active = sort.column === key;
  const Icon = !active ? IconSelector : sort.descending ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(key)}>
        <span>{column.header}</span>
        <Icon aria-hidden size={14} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** The pages under a table, only when there is more than one (002 §2.3); `label` names the navigation. */
export function TablePager({
  pages,
  page,
  onChange,
  label,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md" component="nav" aria-label={label}>
      <Pagination total={pages} value={page} onChange={onChange} />
    </Group>
  );
}
