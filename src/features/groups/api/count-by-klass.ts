import { queryView } from '../../../data/records.ts';
import { countsByKlass } from '../../../domain/group-settings.ts';

/** klass → number of records, for the admin dashboard's tiles, counted on the device. */
export async function countByKlass(accountId: string): Promise<Record<string, number>> {
  return countsByKlass(await queryView(accountId, 'count-by-klass/all', { group_level: 1 }));
}
