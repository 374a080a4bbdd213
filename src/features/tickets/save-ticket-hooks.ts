// What the ticket form does around the generic save: the checked status move, the category's
// checklist and the device's ticket number before it, the equipment related to its customer after.
import { type ResourceHooks, writeOptions } from '../../components/resource/resource-env.ts';
import { ApiError, validationError } from '../../data/api-error.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { getRecord } from '../../data/records.ts';
import { writeRecord } from '../../data/resource-writes.ts';
import { ensureTicketSeries, nextTicketNumber } from './api/ticket-series.ts';
import { equipment as equipmentSpec, tickets } from '../../domain/modules/ticket/records.ts';
import { validateRecord } from '../../domain/records/schema.ts';
import {
  checklistForSave,
  equipmentCustomerToRelate,
  statusEditError,
} from '../../domain/modules/ticket/ticket-edits.ts';
import { TICKET_SERIES_MISSING } from '../../domain/modules/ticket/ticket-number.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The next number of this device's series. Claiming one first costs nothing when the device has
 * it already, and spares someone online who opened the form before the group's claim finished.
 */
async function numberTicket(accountId: string): Promise<string> {
  // Failing to claim (offline, server out of reach) is said below, as the missing series.
  await ensureTicketSeries(accountId).catch(() => null);
  try {
    return await nextTicketNumber(accountId);
  } catch (error) {
    if (error instanceof Error && error.message === TICKET_SERIES_MISSING) {
      throw new ApiError(422, 'unprocessable_entity', TICKET_SERIES_MISSING);
    }
    throw error;
  }
}

async function categoryChecklist(accountId: string, doc: PouchDoc): Promise<string | null> {
  const id = text(doc.category_id);
  const category = id ? await getRecord<PouchDoc>(accountId, id) : null;
  return category ? text(category.checklist) : null;
}

export const prepareTicket: NonNullable<ResourceHooks['prepare']> = async (doc, { isNew, env }) => {
  const before = isNew ? null : await getRecord<PouchDoc>(env.accountId, doc._id);
  const statusError = statusEditError(before, doc);
  if (statusError) throw validationError({ status: [statusError] });
  let prepared: PouchDoc = doc;
  if (env.features.has('checklist')) {
    const checklist = checklistForSave(before, doc, await categoryChecklist(env.accountId, doc));
    if (checklist) {
      const { checklist: _old, ...rest } = prepared;
      prepared = checklist.length > 0 ? { ...rest, checklist } : (rest as PouchDoc);
    }
  }
  if (!isNew) return prepared;
  // Field errors first: a number taken for a form that then fails would leave a gap for nothing.
  const errors = validateRecord(tickets, prepared, env.features);
  if (errors.hasErrors) throw validationError(errors.reasons);
  return { ...prepared, number: await numberTicket(env.accountId) };
};

export const relateEquipmentToCustomer: NonNullable<ResourceHooks['afterSave']> = async (doc, { isNew, env, form }) => {
  if (!isNew) return;
  const equipmentId = text(doc.equipment_id);
  const equipment = equipmentId ? await getRecord<PouchDoc>(env.accountId, equipmentId) : null;
  const customer = equipmentCustomerToRelate(doc, form.relate_equipment_to_customer, equipment);
  if (!customer || !equipment) return;
  await writeRecord(env.accountId, equipmentSpec, { ...equipment, customer_id: customer }, writeOptions(env));
};
