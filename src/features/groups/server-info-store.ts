import { create } from 'zustand';
import { type ServerInfo, getServerInfo } from './api/get-server-info.ts';

interface ServerInfoState {
  info: ServerInfo | null;
  load: () => Promise<ServerInfo | null>;
}

let pending: Promise<ServerInfo | null> | null = null;

/** `GET /db/`, read once per page load; a failure counts as "nothing configured". */
export const useServerInfoStore = create<ServerInfoState>()((set) => ({
  info: null,
  load: () => {
    pending ??= getServerInfo().then(
      (info) => {
        set({ info });
        return info;
      },
      () => {
        pending = null;
        return null;
      },
    );
    return pending;
  },
}));
