import { describe, expect, it } from 'vitest';
import {
  type AmountSign,
  checkDates,
  columnsComplete,
  decodeStatement,
  defaultAmountSign,
  defaultDateFormat,
  guessColumns,
  importedRecordId,
  isBalanceLine,
  parseStatementAmount,
  parseStatementDate,
  readStatementRows,
  type StatementRow,
  withoutDuplicates,
} from './statement.ts';
import { detectSeparator, parseStatement } from './statement-file.ts';

/** Text as a Windows-1252 file: one byte per character (what Latin-1 exports are). */
function latin1(text: string): Uint8Array {
  return Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
}
const utf8 = (text: string) => new TextEncoder().encode(text);

const ITAU = [
  'Agência;0001;Conta;12345-6',
  'Extrato de conta corrente',
  '',
  'Data;Lançamento;Valor (R$);Saldo (R$);',
  '01/11/2026;SALDO ANTERIOR;;1.000,00;',
  '03/11/2026;PIX RECEBIDO JOÃO;1.234,56;;',
  '04/11/2026;"PAG BOLETO; LUZ";-210,90;;',
  '04/11/2026;Saldo do dia;;2.023,66;',
  '05/11/2026;TARIFA;-12,5;;',
].join('\r\n');

describe('reading a statement file', () => {
  it('keeps accents of a Latin-1 file and of a UTF-8 one', () => {
    expect(decodeStatement(latin1('Lançamento;Descrição')).text).toBe('Lançamento;Descrição');
    expect(decodeStatement(latin1('Lançamento')).encoding).toBe('windows-1252');
    expect(decodeStatement(utf8('\uFEFFLançamento'))).toEqual({ text: 'Lançamento', encoding: 'utf-8' });
  });

  it('detects comma, semicolon and tab separators, quoted fields aside', () => {
    expect(detectSeparator('date,description,amount\n2026-11-01,"Coffee, large",-3.50\n2026-11-02,Tea,-2.00')).toBe(
      ',',
    );
    expect(detectSeparator('Data;Histórico;Valor\n01/11/2026;"A, B";-3,50\n02/11/2026;C;1,00')).toBe(';');
    expect(detectSeparator('Date\tMemo\tAmount\n2026-11-01\tX\t1.00')).toBe('\t');
  });

  it('finds the header line below the account details, with a trailing empty column', () => {
    const table = parseStatement(latin1(ITAU));
    expect(table).toMatchObject({ encoding: 'windows-1252', separator: ';', headerLine: 2 });
    expect(table.headers.slice(0, 3)).toEqual(['Data', 'Lançamento', 'Valor (R$)']);
    expect(table.rows).toHaveLength(5);
    expect(table.rows[2]![1]).toBe('PAG BOLETO; LUZ');
  });

  it('guesses columns in both languages and asks for at least three of them', () => {
    expect(guessColumns(['Data', 'Lançamento', 'Valor (R$)', 'Saldo (R$)'])).toEqual({
      date: 0,
      description: 1,
      value: 2,
    });
    expect(guessColumns(['Date', 'Description', 'Debit', 'Credit', 'Currency'])).toEqual({
      date: 0,
      description: 1,
      debit: 2,
      credit: 3,
      currency: 4,
    });
    expect(guessColumns(['date', 'title', 'amount'])).toEqual({ date: 0, description: 1, value: 2 });
    expect(columnsComplete({ date: 0, description: 1, value: 2 })).toBe(true);
    expect(columnsComplete({ date: 0, value: 2 })).toBe(false);
    expect(columnsComplete({ date: 0, description: 1, third_party: 2 })).toBe(false);
  });
});

describe('amounts', () => {
  it('read either decimal mark, thousands separators, signs, parentheses and D/C marks exactly', () => {
    expect(parseStatementAmount('1.234,56', ',', 'BRL')).toBe(123_456);
    expect(parseStatementAmount('-1.234,56', ',', 'BRL')).toBe(-123_456);
    expect(parseStatementAmount('1,234.56', '.', 'USD')).toBe(123_456);
    expect(parseStatementAmount('(12.30)', '.', 'USD')).toBe(-1_230);
    expect(parseStatementAmount('R$ 99,9', ',', 'BRL')).toBe(9_990);
    expect(parseStatementAmount('45,00 D', ',', 'BRL')).toBe(-4_500);
    expect(parseStatementAmount('45,00 C', ',', 'BRL')).toBe(4_500);
    expect(parseStatementAmount('12,50-', ',', 'BRL')).toBe(-1_250);
    expect(parseStatementAmount('1500', ',', 'JPY')).toBe(1_500);
    expect(parseStatementAmount('0,105', ',', 'BRL')).toBeNull();
    expect(parseStatementAmount('abc', ',', 'BRL')).toBeNull();
  });
});

describe('dates', () => {
  it('read the three formats, default by language, and never swap day and month silently', () => {
    expect(parseStatementDate('2026-11-03', 'YYYY-MM-DD')).toBe('2026-11-03');
    expect(parseStatementDate('03/11/2026', 'DD/MM/YYYY')).toBe('2026-11-03');
    expect(parseStatementDate('11/03/2026', 'MM/DD/YYYY')).toBe('2026-11-03');
    expect(parseStatementDate('03/11/26', 'DD/MM/YYYY')).toBe('2026-11-03');
    expect(parseStatementDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('13/25/2026', 'MM/DD/YYYY')).toBeNull();
    expect(defaultDateFormat('pt-BR')).toBe('DD/MM/YYYY');
    expect(defaultDateFormat('en')).toBe('YYYY-MM-DD');
    expect(checkDates(['03/11/2026', '25/11/2026'], 'DD/MM/YYYY')).toEqual({ warning: null, suggestion: null });
    expect(checkDates(['03/11/2026', '25/11/2026'], 'MM/DD/YYYY')).toEqual({
      warning: 'wrongFormat',
      suggestion: 'DD/MM/YYYY',
    });
    expect(checkDates(['yesterday'], 'YYYY-MM-DD')).toEqual({ warning: 'invalid', suggestion: null });
    expect(checkDates(['2026-11-01', '2026-13-45'], 'YYYY-MM-DD')).toEqual({ warning: 'invalid', suggestion: null });
    expect(checkDates(['2026-11-01', 'Total'], 'YYYY-MM-DD')).toEqual({ warning: null, suggestion: null });
  });
});

describe('statement rows', () => {
  it('become incomes and expenses, with balance lines and unreadable ones listed apart', () => {
    const table = parseStatement(latin1(ITAU));
    const rows = readStatementRows(table, {
      columns: { date: 0, description: 1, value: 2 },
      dateFormat: 'DD/MM/YYYY',
      currency: 'BRL',
    });
    expect(rows).toEqual([
      { line: 4, skip: 'balance', description: 'SALDO ANTERIOR' },
      {
        line: 5,
        kind: 'Income',
        date: '2026-11-03',
        description: 'PIX RECEBIDO JOÃO',
        value: 123_456,
        currency: 'BRL',
        texts: ['PIX RECEBIDO JOÃO'],
      },
      {
        line: 6,
        kind: 'Outgo',
        date: '2026-11-04',
        description: 'PAG BOLETO; LUZ',
        value: 21_090,
        currency: 'BRL',
        texts: ['PAG BOLETO; LUZ'],
      },
      { line: 7, skip: 'balance', description: 'Saldo do dia' },
      {
        line: 8,
        kind: 'Outgo',
        date: '2026-11-05',
        description: 'TARIFA',
        value: 1_250,
        currency: 'BRL',
        texts: ['TARIFA'],
      },
    ]);
    expect(isBalanceLine('Saldo Anterior')).toBe(true);
    expect(isBalanceLine('Saldão de móveis')).toBe(false);
  });

  it('read separate debit and credit columns and a currency column', () => {
    const file = [
      'Date,Description,Debit,Credit,Currency',
      '2026-11-01,Hotel,120.00,,EUR',
      '2026-11-02,Refund,,15.5,USD',
      '2026-11-03,Nothing,,,USD',
    ].join('\n');
    const rows = readStatementRows(parseStatement(utf8(file)), {
      columns: guessColumns(['Date', 'Description', 'Debit', 'Credit', 'Currency']),
      dateFormat: 'YYYY-MM-DD',
      currency: 'USD',
    });
    expect(rows.map((r) => ('skip' in r ? r.skip : `${r.kind} ${r.value} ${r.currency}`))).toEqual([
      'Outgo 12000 EUR',
      'Income 1550 USD',
      'amount',
    ]);
  });
});

describe('duplicates and ids', () => {
  it('skip as many as the wallet already has, no more', () => {
    const coffee = { klass: 'Outgo', date: '2026-11-01', value: 500, description: 'Café ' };
    const { fresh, duplicates } = withoutDuplicates(
      [coffee, { ...coffee }, { ...coffee, value: 600 }],
      [{ ...coffee, description: 'café' }],
    );
    expect(duplicates).toHaveLength(1);
    expect(fresh.map((d) => d.value)).toEqual([500, 600]);
  });

  it('derive each record’s id from its import and line, the same every time', async () => {
    const a = await importedRecordId('out', 'csv-1', 7);
    expect(a).toMatch(/^out-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await importedRecordId('out', 'csv-1', 7)).toBe(a);
    expect(await importedRecordId('out', 'csv-1', 8)).not.toBe(a);
  });
});

/** Rows as "kind value" or "skip:reason description", for tables of expectations. */
const brief = (rows: readonly StatementRow[]) =>
  rows.map((r) => ('skip' in r ? `skip:${r.skip} ${r.description}` : `${r.kind} ${r.value} ${r.description}`));

describe('sign conventions', () => {
  // A card export: purchases positive, the payment and a refund negative (issue 28).
  const CARD = [
    'date,title,amount',
    '2026-11-02,Uber *Uber,18.93',
    '2026-11-03,Estorno Loja,-40.00',
    '2026-11-05,Pagamento recebido,-1500.00',
    '2026-11-06,Tarifa,12.00 D',
    '2026-11-07,Ajuste,3.00 C',
  ].join('\n');

  it.each<[string, AmountSign, string[]]>([
    [
      'a card statement',
      'card',
      [
        'Outgo 1893 Uber *Uber',
        'Income 4000 Estorno Loja',
        'Income 150000 Pagamento recebido',
        'Outgo 1200 Tarifa',
        'Income 300 Ajuste',
      ],
    ],
    [
      'a bank statement',
      'bank',
      [
        'Income 1893 Uber *Uber',
        'Outgo 4000 Estorno Loja',
        'Outgo 150000 Pagamento recebido',
        'Outgo 1200 Tarifa',
        'Income 300 Ajuste',
      ],
    ],
  ])('read %s (D and C marks keep their meaning)', (_, amountSign, expected) => {
    const table = parseStatement(utf8(CARD));
    const rows = readStatementRows(table, {
      columns: guessColumns(table.headers),
      dateFormat: 'YYYY-MM-DD',
      currency: 'BRL',
      amountSign,
    });
    expect(brief(rows)).toEqual(expected);
  });

  it.each<[string, AmountSign]>([
    ['bank', 'bank'],
    ['card', 'card'],
  ])('leave separate debit and credit columns as they are (%s)', (_, amountSign) => {
    const table = parseStatement(
      utf8('Date,Description,Debit,Credit\n2026-11-01,Hotel,120.00,\n2026-11-02,Payment,,500'),
    );
    const rows = readStatementRows(table, {
      columns: guessColumns(table.headers),
      dateFormat: 'YYYY-MM-DD',
      currency: 'USD',
      amountSign,
    });
    expect(brief(rows)).toEqual(['Outgo 12000 Hotel', 'Income 50000 Payment']);
  });

  it.each<[string, Record<string, unknown> | null, AmountSign]>([
    ['a card wallet', { card: true }, 'card'],
    ['an account', { card: false }, 'bank'],
    ['a wallet from before cards', {}, 'bank'],
    ['no wallet', null, 'bank'],
  ])('default for %s', (_, wallet, expected) => {
    expect(defaultAmountSign(wallet)).toBe(expected);
  });
});

describe('balance lines', () => {
  // Banco do Brasil: the balance is named under Lançamento, with Detalhes empty.
  const BB = [
    'Data;Lançamento;Detalhes;N° documento;Valor;Tipo Lançamento',
    '31/10/2026;Saldo Anterior;;;1.000,00;',
    '03/11/2026;Pix - Recebido;03/11 09:12 Maria Silva;1234;250,00;Entrada',
    '03/11/2026;Tarifa Pacote de Serviços;;;-35,90;Saída',
    '03/11/2026;Saldo do dia;;;1.214,10;',
    '04/11/2026;Pix - Enviado;04/11 18:40 Padaria Pão Bom;5678;-12,50;Saída',
    '04/11/2026;S A L D O;;;1.201,60;',
  ].join('\n');

  it.each<[string, Partial<Record<'description' | 'third_party', number>>, string[]]>([
    [
      'Lançamento as the description',
      { description: 1 },
      [
        'skip:balance Saldo Anterior',
        'Income 25000 Pix - Recebido',
        'Outgo 3590 Tarifa Pacote de Serviços',
        'skip:balance Saldo do dia',
        'Outgo 1250 Pix - Enviado',
        'skip:balance S A L D O',
      ],
    ],
    [
      'Detalhes as the description (an empty one takes the line’s other words)',
      { description: 2 },
      [
        'skip:balance Saldo Anterior',
        'Income 25000 03/11 09:12 Maria Silva',
        'Outgo 3590 Tarifa Pacote de Serviços',
        'skip:balance Saldo do dia',
        'Outgo 1250 04/11 18:40 Padaria Pão Bom',
        'skip:balance S A L D O',
      ],
    ],
    [
      'Lançamento as the third party',
      { description: 2, third_party: 1 },
      [
        'skip:balance Saldo Anterior',
        'Income 25000 03/11 09:12 Maria Silva',
        'Outgo 3590 Tarifa Pacote de Serviços',
        'skip:balance Saldo do dia',
        'Outgo 1250 04/11 18:40 Padaria Pão Bom',
        'skip:balance S A L D O',
      ],
    ],
  ])('are found in any text column: %s', (_, text, expected) => {
    const table = parseStatement(utf8(BB));
    const rows = readStatementRows(table, {
      columns: { date: 0, value: 4, ...text },
      dateFormat: 'DD/MM/YYYY',
      currency: 'BRL',
    });
    expect(brief(rows)).toEqual(expected);
  });

  it.each<[string, boolean]>([
    ['Saldo Anterior', true],
    ['SALDO DO DIA', true],
    ['Balance brought forward', true],
    ['Saldão de móveis', false],
    ['Pix - Enviado', false],
  ])('%s is a balance: %s', (text, expected) => {
    expect(isBalanceLine(text)).toBe(expected);
  });
});

describe('duplicates whichever column is the description', () => {
  const BB = [
    'Data;Lançamento;Detalhes;Valor',
    '03/11/2026;Pix - Recebido;03/11 09:12 Maria Silva;250,00',
    '04/11/2026;Pix - Enviado;04/11 18:40 Padaria Pão Bom;-12,50',
    '04/11/2026;Pix - Enviado;04/11 19:02 Farmácia;-12,50',
    '05/11/2026;Tarifa;;-35,90',
  ].join('\n');
  const read = (description: number) =>
    readStatementRows(parseStatement(utf8(BB)), {
      columns: { date: 0, description, value: 3 },
      dateFormat: 'DD/MM/YYYY',
      currency: 'BRL',
    }).flatMap((row) =>
      'skip' in row
        ? []
        : [{ klass: row.kind, date: row.date, value: row.value, description: row.description, texts: row.texts }],
    );
  const stored = (description: number) => read(description).map(({ texts: _, ...doc }) => doc);

  it.each<[string, number, number, number]>([
    ['stored from Lançamento, read with Detalhes', 1, 2, 4],
    ['stored from Detalhes, read with Lançamento', 2, 1, 4],
    ['stored and read with Detalhes', 2, 2, 4],
    ['stored and read with Lançamento', 1, 1, 4],
  ])('%s', (_, before, now, expected) => {
    const { fresh, duplicates } = withoutDuplicates(read(now), stored(before), (doc) => doc.texts);
    expect(duplicates).toHaveLength(expected);
    expect(fresh).toEqual([]);
  });

  it('pairs each stored record once: two payments of the same amount, one stored, one new', () => {
    const [received, bakery, pharmacy] = stored(1);
    const { fresh, duplicates } = withoutDuplicates(read(2), [received!, bakery!], (doc) => doc.texts);
    expect(duplicates.map((d) => d.description)).toEqual(['03/11 09:12 Maria Silva', '04/11 18:40 Padaria Pão Bom']);
    expect(fresh.map((d) => d.description)).toEqual(['04/11 19:02 Farmácia', 'Tarifa']);
    expect(pharmacy).toBeDefined();
  });

  it('does not match a different movement of the same day and amount', () => {
    const other = { klass: 'Outgo', date: '2026-11-05', value: 3_590, description: 'Mercado' };
    const { duplicates } = withoutDuplicates(read(2), [other], (doc) => doc.texts);
    expect(duplicates).toEqual([]);
  });
});
