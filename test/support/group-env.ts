// What a group's screens are given (ResourceEnv), for a component test: a new group and person,
// no members, no features on, and the group's settings as the test says.
import type { ResourceEnv } from '../../src/components/resource/resource-env.ts';
import { newId } from '../../src/domain/ids.ts';

export function groupEnv(settings: Record<string, string> = {}): ResourceEnv {
  return { accountId: newId('Account'), userId: newId('User'), features: new Set(), members: [], settings };
}
