import { request } from '../../../data/http-client.ts';

export interface ExportLinks {
  json: string;
  csv: Array<{ name: string; href: string }>;
}

/** What the group's export offers (`GET /api/groups/{acc}/export`): the JSON and its modules' CSVs. */
export async function getExportLinks(accountId: string): Promise<ExportLinks> {
  return request<ExportLinks>('GET', `/api/groups/${encodeURIComponent(accountId)}/export`);
}
