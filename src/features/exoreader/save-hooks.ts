import type { ResourceHooks } from '../../components/resource/resource-env.ts';

/**
 * A new subscription is named by its address's host until its feed names it (the server writes
 * the feed's title while `customize_title` is off), so lists never show a blank line.
 */
export const subscriptionHooks: ResourceHooks = {
  prepare: (doc) => {
    if (typeof doc.title === 'string' && doc.title.trim()) return Promise.resolve(doc);
    try {
      return Promise.resolve({ ...doc, title: new URL(String(doc.url)).host });
    } catch {
      return Promise.resolve(doc);
    }
  },
};
