import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { AiChat } from '@app/contract';
import { AiConversation } from './ai-conversation';

const at = '2026-11-03T10:00:00.000Z';
const chat = (aiResponse: string, goals: AiChat['goals'] = []): AiChat => ({
  id: 1,
  template: { id: 2, name: 'Planner', type: 'Programmatic' },
  account: { id: 3, name: 'Ada', email: 'ada@x.edu' },
  locked: true,
  messages: [{ id: 4, userInput: 'Plan my month', aiResponse, createdAt: at }],
  goals,
  updatedAt: at,
  createdAt: at,
});
const show = (c: AiChat) =>
  render(
    <MantineProvider>
      <AiConversation chat={c} memberLabel="You" hideFirstPrompt />
    </MantineProvider>,
  );

describe('AI conversation', () => {
  it('draws a Programmatic JSON answer for people: list items as cards with their fields', () => {
    show(
      chat(
        JSON.stringify({
          tasks: [
            {
              title: 'Join a committee',
              description: 'Ask the president which one needs help',
              priority: 'high',
              estimateMinutes: 30,
            },
          ],
        }),
      ),
    );
    expect(screen.getByText('Tasks')).toBeTruthy();
    expect(screen.getByText('Join a committee')).toBeTruthy();
    expect(screen.getByText('Estimate minutes')).toBeTruthy();
    expect(screen.getByText('high')).toBeTruthy();
    expect(screen.queryByText(/"tasks"/)).toBeNull();
    expect(screen.queryByText('Plan my month')).toBeNull();
  });

  it('leaves goals to the saved goals, and shows a plain text answer as text', () => {
    const goal = {
      id: 9,
      title: 'Speak twice',
      description: 'At meetings',
      dueDate: '2027-01-31',
      steps: ['Volunteer'],
      createdAt: at,
      updatedAt: at,
    };
    show(
      chat(
        JSON.stringify({
          goals: [{ title: 'Speak twice', description: 'At meetings', targetDate: '2027-01-31', steps: ['Volunteer'] }],
        }),
        [goal],
      ),
    );
    expect(screen.getByText('The suggested goals are saved below.')).toBeTruthy();
    expect(screen.getByText('Saved goal')).toBeTruthy();
    expect(screen.getAllByText('Speak twice')).toHaveLength(1);
    expect(screen.getByText('Due 2027-01-31')).toBeTruthy();
  });

  it('keeps a text answer as text', () => {
    show({ ...chat('Well done, Ada!'), template: { id: 2, name: 'Feedback', type: 'Feedback' } });
    expect(screen.getByText('Well done, Ada!')).toBeTruthy();
  });
});
