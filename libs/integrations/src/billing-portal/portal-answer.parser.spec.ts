import { MalformedPortalAnswer, parseInvoiceList, parseTicket } from './portal-answer.parser';
import { parseComment, parseOwnedTicket, parseTicketList } from './portal-ticket-reads.parser';

const invoice = { folio: 'F-1', paymentStatus: 'Pagada', issueDate: '2026-01-05', dueDate: '2026-02-04', net: 1000, vat: 190, total: 1190 };

describe('parseInvoiceList', () => {
  it('keeps the contract fields of each invoice and drops the rest', () => {
    expect(parseInvoiceList({ invoices: [{ ...invoice, internal: 'x' }] })).toEqual([invoice]);
  });

  it('accepts a numeric folio as text', () => {
    expect(parseInvoiceList({ invoices: [{ ...invoice, folio: 123 }] })[0].folio).toBe('123');
  });

  it.each([
    ['no body', undefined],
    ['a string body', '<html>'],
    ['no array', { invoices: 'none' }],
    ['an unknown status', { invoices: [{ ...invoice, paymentStatus: 'Anulada' }] }],
    ['a text amount', { invoices: [{ ...invoice, total: '1190' }] }],
    ['a non-finite amount', { invoices: [{ ...invoice, net: null }] }],
    ['a date-time instead of a day', { invoices: [{ ...invoice, issueDate: '2026-01-05T00:00:00Z' }] }],
    ['a missing folio', { invoices: [{ ...invoice, folio: undefined }] }],
  ])('refuses %s', (_, body) => {
    expect(() => parseInvoiceList(body)).toThrow(MalformedPortalAnswer);
  });
});

describe('parseTicket', () => {
  const ticket = {
    id: '0b8f3c1e-6f55-4c62-9a4e-0a4fb2f1d001',
    title: 'GPS sin señal',
    description: 'El equipo no reporta',
    status: { id: 1, name: 'Abierto' },
    category: 'technical',
    authorName: 'Ana Pérez',
    commentsCount: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    closedAt: null,
    comments: [],
  };

  it('maps the spec fields and drops others', () => {
    expect(parseTicket({ ticket: { ...ticket, internalNotes: 'secret', clientId: 'c' } }, 'x')).toEqual(ticket);
  });

  it('fills absent optional members: author, counts, updatedAt, closedAt, comments', () => {
    const { authorName, commentsCount, updatedAt, closedAt, comments, ...required } = ticket;
    void [authorName, commentsCount, updatedAt, closedAt, comments];
    expect(parseTicket({ ticket: required }, 'Fallback Name')).toEqual({ ...ticket, authorName: 'Fallback Name' });
  });

  it('maps comments field by field', () => {
    const comment = {
      id: 'c1',
      ticketId: ticket.id,
      authorName: 'Soporte',
      authorRole: 'support',
      content: 'Hola',
      createdAt: '2026-01-05T11:00:00Z',
      extra: 1,
    };
    const parsed = parseTicket({ ticket: { ...ticket, comments: [comment], commentsCount: 1 } }, 'x');
    expect(parsed.comments).toEqual([
      { id: 'c1', ticketId: ticket.id, authorName: 'Soporte', authorRole: 'support', content: 'Hola', createdAt: '2026-01-05T11:00:00.000Z' },
    ]);
  });

  it.each([
    ['no ticket', {}],
    ['a status without id', { ticket: { ...ticket, status: { name: 'Abierto' } } }],
    ['a string status', { ticket: { ...ticket, status: 'open' } }],
    ['no id', { ticket: { ...ticket, id: undefined } }],
    ['a bad createdAt', { ticket: { ...ticket, createdAt: 'yesterday' } }],
    ['a non-array comments', { ticket: { ...ticket, comments: {} } }],
    ['a fractional commentsCount', { ticket: { ...ticket, commentsCount: 1.5 } }],
  ])('refuses %s', (_, body) => {
    expect(() => parseTicket(body, 'x')).toThrow(MalformedPortalAnswer);
  });
});

describe('ticket reads', () => {
  const ticket = {
    id: 't-1',
    clientId: 'c-1',
    title: 'A',
    description: 'B',
    status: { id: 1, name: 'Abierto' },
    category: 'technical',
    authorName: 'Ana',
    commentsCount: 0,
    createdAt: '2026-01-05T10:00:00Z',
    internal: 'x',
  };

  it('keeps clientId beside the spec fields of each listed ticket', () => {
    const { internal: _notInTheSpec, ...specFields } = ticket;
    expect(parseTicketList({ tickets: [ticket] })).toEqual([
      {
        ...specFields,
        createdAt: '2026-01-05T10:00:00.000Z',
        updatedAt: '2026-01-05T10:00:00.000Z',
        closedAt: null,
        comments: [],
      },
    ]);
  });

  it.each([
    ['no tickets array', { tickets: {} }],
    ['a ticket without clientId', { tickets: [{ ...ticket, clientId: undefined }] }],
    ['a ticket without author', { tickets: [{ ...ticket, authorName: undefined }] }],
  ])('refuses %s', (_, body) => {
    expect(() => parseTicketList(body)).toThrow(MalformedPortalAnswer);
  });

  it('parses a comment answer and refuses a broken one', () => {
    const comment = { id: 'c', ticketId: 't-1', authorName: 'Ana', authorRole: 'client', content: 'Hola', createdAt: '2026-01-05T11:00:00Z', authorEmail: 'x' };
    expect(parseComment({ comment })).toEqual({
      id: 'c',
      ticketId: 't-1',
      authorName: 'Ana',
      authorRole: 'client',
      content: 'Hola',
      createdAt: '2026-01-05T11:00:00.000Z',
    });
    expect(() => parseComment({ comment: { ...comment, content: 1 } })).toThrow(MalformedPortalAnswer);
    expect(() => parseOwnedTicket({ ticket: { ...ticket, clientId: 5 } })).toThrow(MalformedPortalAnswer);
  });
});
