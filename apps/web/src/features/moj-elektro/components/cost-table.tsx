import { Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { padRows } from '../model/cost-table.ts';
import { useFormats } from '../model/format.ts';
import type { CostRow } from '../model/types.ts';
import classes from './moj-elektro.module.css';

/**
 * One system's costs (spec 000 §3 "Cost table row"): energy, network fee energy, network fee power, excess power
 * when charged, grand total — padded with empty rows to 5 so the three tables line up.
 */
export function CostTable({
  id,
  title,
  rows,
  note,
}: {
  id: string;
  title: string;
  rows: CostRow[] | null;
  note?: string;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  const quantity = (row: CostRow) =>
    row.value
      ? row.value.unit === 'kW'
        ? f.kw(row.value.amount)
        : row.value.unit === 'kWh'
          ? f.kwh(row.value.amount)
          : f.number(row.value.amount)
      : row.excessivePower
        ? f.kw(row.excessivePower.amount)
        : '';
  const price = (row: CostRow) =>
    row.pricePerUnit ? f.unitPrice(row.pricePerUnit.amount, row.pricePerUnit.unit) : '';
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {title}
      </Title>
      {note && (
        <Text size="xs" c="dimmed" mb="xs">
          {note}
        </Text>
      )}
      {rows === null ? (
        <Text size="sm" c="dimmed">
          {t('moj_elektro.calculations.custom_off')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={260}>
          <Table aria-labelledby={id} className={classes.costTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('moj_elektro.cost.item')}</Table.Th>
                <Table.Th ta="right" className={classes.wideOnly}>
                  {t('moj_elektro.cost.quantity')}
                </Table.Th>
                <Table.Th ta="right" className={classes.wideOnly}>
                  {t('moj_elektro.cost.price')}
                </Table.Th>
                <Table.Th ta="right">{t('moj_elektro.cost.cost')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {padRows(rows).map((row, i) =>
                row.isEmpty ? (
                  <Table.Tr key={`empty-${i}`} data-empty="true" aria-hidden>
                    <Table.Td>&nbsp;</Table.Td>
                    <Table.Td className={classes.wideOnly} />
                    <Table.Td className={classes.wideOnly} />
                    <Table.Td />
                  </Table.Tr>
                ) : (
                  <Table.Tr
                    key={row.category}
                    data-category={row.category}
                    className={row.isGrandTotal ? classes.grandTotal : undefined}
                  >
                    <Table.Td>
                      {t(`moj_elektro.cost.${row.category}`)}
                      {row.category === 'excess_power' && row.occurrences !== null && (
                        <Text span size="xs" c="dimmed" ml={4}>
                          ({t('moj_elektro.cost.occurrences', { times: row.occurrences })})
                        </Text>
                      )}
                      {row.category === 'excess_power' &&
                        row.totalCost.amount === 0 &&
                        (row.excessivePowerCost?.amount ?? 0) > 0 && (
                          <Text size="xs" c="dimmed" data-testid="me-excess-not-charged">
                            {t('moj_elektro.cost.excess_not_charged', {
                              amount: f.money(row.excessivePowerCost?.amount ?? 0),
                            })}
                          </Text>
                        )}
                      {(quantity(row) || price(row)) && (
                        <Text size="xs" c="dimmed" className={classes.narrowOnly}>
                          {[quantity(row), price(row)].filter(Boolean).join(' · ')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.wideOnly}>
                      {quantity(row)}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.wideOnly}>
                      {price(row)}
                    </Table.Td>
                    <Table.Td ta="right">{f.money(row.totalCost.amount)}</Table.Td>
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
