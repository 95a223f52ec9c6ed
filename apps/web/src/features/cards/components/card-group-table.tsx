import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import type { ReactNode } from 'react';
import type { CardGroup } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatNumber } from '../lib/format';
import { multiplierTexts } from './multiplier-text';

export type CardGroupAction = 'edit' | 'makeDefault' | 'delete';

export type CardGroupTableProps = {
  groups: readonly CardGroup[];
  onAction: (action: CardGroupAction, group: CardGroup) => void;
  empty: ReactNode;
};

const columns = ['name', 'multiplier', 'discount', 'cardCount'] as const;

/** A table of the groups; below `sm` a card for each, its name and actions in sight (the same test ids). */
export function CardGroupTable(props: CardGroupTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return phone ? <CardGroupCards {...props} /> : <CardGroupWideTable {...props} />;
}

/** Edit, make default (not the default) and delete (the default says why it cannot). */
function CardGroupActions({
  group,
  onAction,
}: {
  group: CardGroup;
  onAction: CardGroupTableProps['onAction'];
}) {
  const { t } = useTranslation();
  const action = (kind: CardGroupAction, icon: ReactNode, tooltip?: string) => {
    const label = t(`cardGroups.actions.${kind}`);
    const disabled = tooltip !== undefined;
    return (
      <Tooltip key={kind} title={tooltip ?? label}>
        {/* A disabled button gets no mouse events; the span lets its tooltip say why. */}
        <Box component="span" sx={{ display: 'inline-flex' }}>
          <IconButton
            size="small"
            aria-label={label}
            disabled={disabled}
            onClick={() => onAction(kind, group)}
            data-testid={`card-group-${kind}-${group.name}`}
          >
            {icon}
          </IconButton>
        </Box>
      </Tooltip>
    );
  };
  return (
    <>
      {action('edit', <EditOutlinedIcon fontSize="small" />)}
      {!group.isDefault && action('makeDefault', <StarOutlineIcon fontSize="small" />)}
      {action(
        'delete',
        <DeleteOutlineIcon fontSize="small" />,
        group.isDefault ? t('cardGroups.defaultUndeletable') : undefined,
      )}
    </>
  );
}

function DefaultChip({ group }: { group: CardGroup }) {
  const { t } = useTranslation();
  return (
    group.isDefault && (
      <Chip
        size="small"
        color="primary"
        variant="outlined"
        label={t('cardGroups.default')}
        sx={{ ml: 1 }}
        data-testid="card-group-default"
      />
    )
  );
}

function CardGroupCards({ groups, onAction, empty }: CardGroupTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <List disablePadding data-testid="card-group-list">
      {groups.length === 0 && <ListItem sx={{ justifyContent: 'center', py: 4 }}>{empty}</ListItem>}
      {groups.map((group) => {
        const texts = multiplierTexts(t, i18n.language, group.multiplier);
        return (
          <ListItem
            key={group.id}
            divider
            sx={{ display: 'block' }}
            data-testid={`card-group-row-${group.name}`}
          >
            <Stack direction="row" alignItems="center" spacing={1}>
              <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 }}>
                {group.name}
                <DefaultChip group={group} />
              </Box>
              <Box sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                <CardGroupActions group={group} onAction={onAction} />
              </Box>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('cardGroups.columns.multiplier')}{' '}
              <span data-testid={`card-group-multiplier-${group.name}`}>{texts.percent}</span>
              {' · '}
              <span data-testid={`card-group-discount-${group.name}`}>{texts.discount}</span>
              {' · '}
              {t('cardGroups.columns.cardCount')}{' '}
              <span data-testid={`card-group-count-${group.name}`}>
                {formatNumber(i18n.language, group.cardCount, 0)}
              </span>
            </Typography>
          </ListItem>
        );
      })}
    </List>
  );
}

function CardGroupWideTable({ groups, onAction, empty }: CardGroupTableProps) {
  const { t, i18n } = useTranslation();

  return (
    <Table size="small" data-testid="card-group-list">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column} align={column === 'name' ? 'left' : 'right'}>
              {t(`cardGroups.columns.${column}`)}
            </TableCell>
          ))}
          <TableCell align="right">{t('cardGroups.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {groups.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length + 1} align="center" sx={{ py: 4 }}>
              {empty}
            </TableCell>
          </TableRow>
        )}
        {groups.map((group) => {
          const texts = multiplierTexts(t, i18n.language, group.multiplier);
          return (
            <TableRow key={group.id} hover data-testid={`card-group-row-${group.name}`}>
              <TableCell sx={{ fontWeight: 600 }}>
                {group.name}
                <DefaultChip group={group} />
              </TableCell>
              <TableCell align="right" data-testid={`card-group-multiplier-${group.name}`}>
                {texts.percent}
              </TableCell>
              <TableCell align="right" data-testid={`card-group-discount-${group.name}`}>
                {texts.discount}
              </TableCell>
              <TableCell align="right" data-testid={`card-group-count-${group.name}`}>
                {formatNumber(i18n.language, group.cardCount, 0)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <CardGroupActions group={group} onAction={onAction} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
