import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { keepPageLanguage, usePageNavigate } from './page-language.ts';

describe('keepPageLanguage', () => {
  it('carries the page’s language to a page, beside its own query and before its fragment', () => {
    expect(keepPageLanguage('/message-center', '?lang=de')).toBe('/message-center?lang=de');
    expect(keepPageLanguage('/message-detail?id=a%20b', '?id=x&lang=de')).toBe('/message-detail?id=a+b&lang=de');
    expect(keepPageLanguage('/robotWinterMode/guide#step-3', '?lang=fi')).toBe('/robotWinterMode/guide?lang=fi#step-3');
  });

  it('carries the language as the contract reads it: no case, no region, Norwegian as one', () => {
    expect(keepPageLanguage('/apiPolicy', '?lang=DE-at')).toBe('/apiPolicy?lang=de');
    expect(keepPageLanguage('/apiPolicy', '?lang=nb')).toBe('/apiPolicy?lang=no');
  });

  it('leaves a link alone when the page has no language of its own, or the link names one', () => {
    expect(keepPageLanguage('/apiPolicy', '')).toBe('/apiPolicy');
    expect(keepPageLanguage('/apiPolicy', '?lang=xx')).toBe('/apiPolicy');
    expect(keepPageLanguage('/apiPolicy?lang=fr', '?lang=de')).toBe('/apiPolicy?lang=fr');
  });

  it('never touches what is not a page of this origin', () => {
    expect(keepPageLanguage('https://navimow.segway.com/privacy', '?lang=de')).toBe(
      'https://navimow.segway.com/privacy',
    );
    expect(keepPageLanguage('//evil.example/x', '?lang=de')).toBe('//evil.example/x');
    expect(keepPageLanguage('navimow://home', '?lang=de')).toBe('navimow://home');
  });
});

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function Redirect({ to }: { to: string }) {
  const navigate = usePageNavigate();
  return <button onClick={() => navigate(to, { replace: true })}>Go</button>;
}

describe('usePageNavigate', () => {
  it('redirects in the page’s language', async () => {
    render(
      <MemoryRouter initialEntries={['/smartHome/googleHome/startUnbindLink?lang=hu']}>
        <Redirect to="/smartHome/googleHome/bindDetail" />
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/smartHome/googleHome/bindDetail?lang=hu',
    );
  });
});
