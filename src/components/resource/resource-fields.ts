// What a described resource's screens share about its fields: their labels, and the lists' page sizes.
import type { FieldSpec, ResourceSpec } from '../../domain/records/schema.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const STAMP_FIELD: Readonly<Record<string, FieldSpec>> = {
  created_at: { name: 'created_at', type: 'text' },
  updated_at: { name: 'updated_at', type: 'text' },
};

export function fieldOf(spec: ResourceSpec, name: string): FieldSpec {
  return spec.fields.find((f) => f.name === name) ?? STAMP_FIELD[name] ?? { name, type: 'text' };
}

export function fieldLabel(t: (key: string) => string, spec: ResourceSpec, name: string): string {
  return name in STAMP_FIELD ? t(`resource.fields.${name}`) : t(`records.${spec.resource}.fields.${name}`);
}
