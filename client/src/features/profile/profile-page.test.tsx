import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../test/render';

describe('/admin/profile', () => {
  it("shows the signed-in user's first and last name and email", async () => {
    renderRoute('/admin/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByText('First name').nextElementSibling?.textContent).toBe('Ada');
    expect(screen.getByText('Last name').nextElementSibling?.textContent).toBe('Admin');
    expect(screen.getByText('Email').nextElementSibling?.textContent).toBe('ada@example.edu');
  });
});
