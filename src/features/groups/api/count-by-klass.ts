import { queryView } from '../../../data/records';
import { countsByKlass } from '../../../domain/group-settings';

/** klass → number of records, for the admin dashboard's tiles, counted on the device. */
export async function countByKlass(accountId: string): Promise<Record<string, number>> {
  return countsByKlass(await queryView(accountId, 'count-by-klass/all', { group_level: 1 }));
}
