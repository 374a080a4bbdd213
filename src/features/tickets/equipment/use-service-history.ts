import { useCallback } from 'react';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { listRecords } from '../../../data/record-list.ts';

export interface ServiceHistoryData {
  tickets: PouchDoc[];
  /** Empty while the group's maintenance feature is off. */
  maintenances: PouchDoc[];
}

// An equipment's whole history fits one page of the list; past this it is a fleet, not a machine.
const LIMIT = 500;

async function readServiceHistory(
  accountId: string,
  equipmentId: string,
  withMaintenances: boolean,
): Promise<ServiceHistoryData> {
  const filter = { equipment_id: equipmentId };
  const [tickets, maintenances] = await Promise.all([
    listRecords<PouchDoc>(accountId, {
      klass: 'Ticket',
      filter,
      sort: 'created_at',
      direction: 'desc',
      page: 1,
      perPage: LIMIT,
    }),
    withMaintenances
      ? listRecords<PouchDoc>(accountId, {
          klass: 'Maintenance',
          filter,
          sort: 'date',
          direction: 'desc',
          page: 1,
          perPage: LIMIT,
        })
      : Promise.resolve({ rows: [], total: 0 }),
  ]);
  return { tickets: tickets.rows, maintenances: maintenances.rows };
}

/** The equipment's tickets and maintenances, from the device's replica, kept current. */
export function useServiceHistory(accountId: string, equipmentId: string, withMaintenances: boolean) {
  const load = useCallback(
    () => readServiceHistory(accountId, equipmentId, withMaintenances),
    [accountId, equipmentId, withMaintenances],
  );
  return useReplicaQuery(accountId, load);
}
