import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
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

export function CardGroupTable({ groups, onAction, empty }: CardGroupTableProps) {
  const { t, i18n } = useTranslation();

  const action = (group: CardGroup, kind: CardGroupAction, icon: ReactNode, tooltip?: string) => {
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
                {group.isDefault && (
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={t('cardGroups.default')}
                    sx={{ ml: 1 }}
                    data-testid="card-group-default"
                  />
                )}
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
                {action(group, 'edit', <EditOutlinedIcon fontSize="small" />)}
                {!group.isDefault && action(group, 'makeDefault', <StarOutlineIcon fontSize="small" />)}
                {action(
                  group,
                  'delete',
                  <DeleteOutlineIcon fontSize="small" />,
                  group.isDefault ? t('cardGroups.defaultUndeletable') : undefined,
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
