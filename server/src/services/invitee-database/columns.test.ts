import { describe, expect, it } from 'vitest';
import { columnOf as columnOfSet, mapHeader as mapHeaderOfSet, normaliseHeader } from '../spreadsheet/index.js';
import { COLUMN_ALIASES, COLUMNS, INVITEE_COLUMNS, mailingAddressOf } from './columns.js';

const columnOf = (header: string) => columnOfSet(header, INVITEE_COLUMNS);
const mapHeader = (cells: string[]) => mapHeaderOfSet(cells, INVITEE_COLUMNS);

describe('header matching', () => {
  it('ignores case, spaces, dashes, underscores and dots', () => {
    expect(normaliseHeader(' E-Mail_Address. ')).toBe('emailaddress');
    for (const header of ['Email', 'EMAIL', 'e-mail', 'E_MAIL', 'Email Address', 'email-address', 'Mail', ' mail ']) {
      expect(columnOf(header), header).toBe('email');
    }
  });

  it.each([
    ['First Name', 'firstName'],
    ['given_name', 'firstName'],
    ['FIRST', 'firstName'],
    ['Last-Name', 'lastName'],
    ['Surname', 'lastName'],
    ['Family Name', 'lastName'],
    ['last', 'lastName'],
    ['Title', 'salutation'],
    ['Prefix', 'salutation'],
    ['Salutation', 'salutation'],
    ['Major', 'major'],
    ['Class Year', 'class'],
    ['YEAR', 'class'],
    ['Graduation Year', 'class'],
    ['Phone', 'phoneNumber'],
    ['Phone Number', 'phoneNumber'],
    ['Mobile', 'phoneNumber'],
    ['cell', 'phoneNumber'],
    ['Address', 'mailingAddress'],
    ['Mailing Address', 'mailingAddress'],
    ['Street', 'street'],
    ['Address 1', 'street'],
    ['Address Line 1', 'street'],
    ['Address 2', 'street2'],
    ['City', 'city'],
    ['State', 'state'],
    ['Zip', 'postalCode'],
    ['ZIP Code', 'postalCode'],
    ['Postal Code', 'postalCode'],
    ['Country', 'country'],
  ])('%s is %s', (header, column) => {
    expect(columnOf(header)).toBe(column);
  });

  it('every column has aliases and no alias names two columns', () => {
    const seen = new Map<string, string>();
    for (const column of COLUMNS) {
      expect(COLUMN_ALIASES[column].length).toBeGreaterThan(0);
      for (const alias of COLUMN_ALIASES[column]) {
        expect(seen.get(normaliseHeader(alias)) ?? column).toBe(column);
        seen.set(normaliseHeader(alias), column);
      }
    }
  });

  it('maps cells to columns, the leftmost of two headers for one column, unknown headers ignored', () => {
    expect(mapHeader(['Notes', 'E-mail', 'First Name', 'Email Address', 'Zip'])).toEqual([
      [1, 'email'],
      [2, 'firstName'],
      [4, 'postalCode'],
    ]);
    expect(columnOf('Full Name')).toBeUndefined();
  });
});

describe('mailing address', () => {
  it('one field', () => {
    expect(mailingAddressOf({ mailingAddress: '1 Elm St, Springfield IL' })).toEqual({
      address: '1 Elm St, Springfield IL',
    });
  });
  it('parts, empty ones left out', () => {
    expect(mailingAddressOf({ street: '1 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701' })).toEqual({
      street: '1 Elm St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
    });
  });
  it('an Address column beside parts is the street, unless there is a street column too', () => {
    expect(mailingAddressOf({ mailingAddress: '1 Elm St', city: 'Springfield' })).toEqual({
      street: '1 Elm St',
      city: 'Springfield',
    });
    expect(mailingAddressOf({ mailingAddress: 'PO Box 5', street: '1 Elm St' })).toEqual({
      address: 'PO Box 5',
      street: '1 Elm St',
    });
  });
  it('none', () => {
    expect(mailingAddressOf({ email: 'a@b.co' })).toEqual({});
  });
});
