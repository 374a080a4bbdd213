import { describe, expect, it } from 'vitest';
import { loadStages, type StageModule, type StageRoots } from './load-stages.ts';

const LIB = '/p/node_modules/@ui/kit';

/** A module graph from `importer -> imported` pairs, with each module's code. */
function graph(edges: Array<[string, string]>, code: Record<string, string> = {}, entry = '/p/src/main.tsx') {
  const modules = new Map<string, StageModule & { importers: string[] }>();
  const at = (id: string) => {
    if (!modules.has(id)) modules.set(id, { isEntry: id === entry, importers: [], code: code[id] ?? '' });
    return modules.get(id)!;
  };
  for (const [importer, imported] of edges) {
    at(importer);
    at(imported).importers.push(importer);
  }
  return (id: string) => modules.get(id) ?? null;
}

const ROOTS: StageRoots = [
  ['public', ['/src/login.tsx']],
  ['group', ['/src/dashboard.tsx', '/src/list.tsx']],
];

describe('load stages', () => {
  it('puts a module in the first stage whose root reaches it, the entry’s first, and leaves the rest', () => {
    const stageOf = loadStages(
      graph([
        ['/p/src/main.tsx', '/p/src/shell.tsx'],
        ['/p/src/login.tsx', '/p/src/form.tsx'],
        ['/p/src/dashboard.tsx', '/p/src/form.tsx'],
        ['/p/src/dashboard.tsx', '/p/src/cards.tsx'],
        ['/p/src/list.tsx', '/p/src/shell.tsx'],
        ['/p/src/board.tsx', '/p/src/cards.tsx'],
        ['/p/src/board.tsx', '/p/src/columns.tsx'],
      ]),
      ROOTS,
    );
    expect(stageOf('/p/src/shell.tsx')).toBe('app');
    expect(stageOf('/p/src/form.tsx')).toBe('public');
    expect(stageOf('/p/src/cards.tsx')).toBe('group');
    expect(stageOf('/p/src/dashboard.tsx')).toBe('group');
    // Only a later screen needs it: the bundler's own split.
    expect(stageOf('/p/src/columns.tsx')).toBeNull();
  });

  it('gives the entry what a stage loaded apart shares with another', () => {
    const edges: Array<[string, string]> = [
      ['/p/src/login.tsx', '/p/src/form.tsx'],
      ['/p/src/login.tsx', '/p/src/password.tsx'],
      ['/p/src/dashboard.tsx', '/p/src/form.tsx'],
      ['/p/src/dashboard.tsx', '/p/src/cards.tsx'],
      ['/p/src/list.tsx', '/p/src/cards.tsx'],
    ];
    const stageOf = loadStages(graph(edges), ROOTS, ['public']);
    expect(stageOf('/p/src/form.tsx')).toBe('app');
    expect(stageOf('/p/src/password.tsx')).toBe('public');
    expect(stageOf('/p/src/cards.tsx')).toBe('group');
  });

  it('walks through a library’s index only towards the modules importing the part in question', () => {
    const stageOf = loadStages(
      graph(
        [
          [`${LIB}/index.mjs`, `${LIB}/Button/index.mjs`],
          [`${LIB}/index.mjs`, `${LIB}/Table/index.mjs`],
          [`${LIB}/index.mjs`, `${LIB}/Chip/index.mjs`],
          [`${LIB}/Button/index.mjs`, `${LIB}/Button/Button.mjs`],
          [`${LIB}/Table/index.mjs`, `${LIB}/Table/Table.mjs`],
          [`${LIB}/Chip/index.mjs`, `${LIB}/Chip/Chip.mjs`],
          // A part of the library using another part, through its folder's index.
          [`${LIB}/Chip/Chip.mjs`, `${LIB}/Button/index.mjs`],
          ['/p/src/main.tsx', `${LIB}/index.mjs`],
          ['/p/src/dashboard.tsx', `${LIB}/index.mjs`],
          ['/p/src/board.tsx', `${LIB}/index.mjs`],
          ['/p/src/board.tsx', `${LIB}/Chip/index.mjs`],
        ],
        {
          '/p/src/main.tsx': 'import { Box, Button as B } from "@ui/kit";',
          '/p/src/dashboard.tsx': 'import {\n  Table,\n  TableRow\n} from "@ui/kit";',
          '/p/src/board.tsx': 'import { Tab } from "@ui/kit";\nimport Chip from "@ui/kit/Chip";',
        },
      ),
      ROOTS,
    );
    expect(stageOf(`${LIB}/Button/Button.mjs`)).toBe('app');
    expect(stageOf(`${LIB}/Table/Table.mjs`)).toBe('group');
    // "Tab" is not "Table", and the board's path import is not a root's.
    expect(stageOf(`${LIB}/Chip/Chip.mjs`)).toBeNull();
  });

  it('does not count a part of a library another part imports only the classes of, through its folder’s index', () => {
    const stageOf = loadStages(
      graph(
        [
          [`${LIB}/index.mjs`, `${LIB}/Table/index.mjs`],
          [`${LIB}/index.mjs`, `${LIB}/Chip/index.mjs`],
          [`${LIB}/Table/index.mjs`, `${LIB}/Table/Table.mjs`],
          [`${LIB}/Chip/index.mjs`, `${LIB}/Chip/Chip.mjs`],
          [`${LIB}/Chip/index.mjs`, `${LIB}/Chip/chipClasses.mjs`],
          [`${LIB}/Button/index.mjs`, `${LIB}/Button/Button.mjs`],
          // The table styles chips by their classes, and draws buttons.
          [`${LIB}/Table/Table.mjs`, `${LIB}/Chip/index.mjs`],
          [`${LIB}/Table/Table.mjs`, `${LIB}/Button/index.mjs`],
          ['/p/src/login.tsx', `${LIB}/index.mjs`],
          ['/p/src/dashboard.tsx', `${LIB}/index.mjs`],
        ],
        {
          [`${LIB}/Table/Table.mjs`]:
            'import * as React from "react";\nimport { chipClasses } from "../Chip/index.mjs";\nimport Button from "../Button/index.mjs";',
          '/p/src/login.tsx': 'import { Table } from "@ui/kit";',
          '/p/src/dashboard.tsx': 'import { Chip } from "@ui/kit";',
        },
      ),
      ROOTS,
      ['public'],
    );
    expect(stageOf(`${LIB}/Chip/Chip.mjs`)).toBe('group');
    expect(stageOf(`${LIB}/Chip/chipClasses.mjs`)).toBe('app');
    expect(stageOf(`${LIB}/Button/Button.mjs`)).toBe('public');
  });
});
