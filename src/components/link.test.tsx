import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link } from './link.tsx';

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(link: React.ReactElement, initialEntries = ['/smartHome']) {
  return render(
    <MemoryRouter initialEntries={initialEntries}>
      {link}
      <Where />
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('is a real link to the page, which a tap opens inside the app', async () => {
    renderAt(
      <Link to="/smartHome/googleHome/voiceInfo?from=detail" className="button">
        Voice commands
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Voice commands' });
    expect(link).toHaveAttribute('href', '/smartHome/googleHome/voiceInfo?from=detail');
    expect(link).toHaveClass('button');

    await userEvent.click(link);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/smartHome/googleHome/voiceInfo?from=detail',
    );
  });

  it('looks like a button of the kit when given a variant, and stays a link that navigates', async () => {
    renderAt(
      <>
        <Link to="/smartHome/alexa/startBindLink" variant="primary">
          Link account
        </Link>
        <Link to="/smartHome/alexa/troubleshooting" variant="secondary" className="wide">
          Troubleshooting
        </Link>
        <Link to="/apiPolicy">Policy</Link>
      </>,
    );
    const primary = screen.getByRole('link', { name: 'Link account' });
    expect(primary).toHaveClass('button', 'primary');
    expect(screen.getByRole('link', { name: 'Troubleshooting' })).toHaveClass('button', 'secondary', 'wide');
    expect(screen.getByRole('link', { name: 'Policy' })).not.toHaveAttribute('class');
    await userEvent.click(primary);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/smartHome/alexa/startBindLink');
  });

  it('leaves a tap with a modifier key and a link with a target to the browser', () => {
    renderAt(
      <>
        <Link to="/apiPolicy">Policy</Link>
        <Link to="/edmPopup" target="_blank">
          Newsletter
        </Link>
      </>,
    );
    // What the browser is left with, once the page's handlers have run (jsdom cannot open another document).
    const leftToTheBrowser: boolean[] = [];
    const browser = (event: MouseEvent) => {
      leftToTheBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', browser);
    try {
      fireEvent.click(screen.getByRole('link', { name: 'Policy' }), { ctrlKey: true });
      fireEvent.click(screen.getByRole('link', { name: 'Newsletter' }));
      fireEvent.click(screen.getByRole('link', { name: 'Policy' }));
    } finally {
      window.removeEventListener('click', browser);
    }
    expect(leftToTheBrowser).toEqual([true, true, false]);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/apiPolicy');
  });

  it('runs its own onClick first, which can keep the navigation from happening', async () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(
      <Link to="/apiPolicy" onClick={onClick}>
        Policy
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Policy' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/smartHome');
  });

  it('can replace the current entry instead of adding one', async () => {
    function Back() {
      const navigate = useNavigate();
      return <button onClick={() => void navigate(-1)}>Back</button>;
    }
    renderAt(
      <>
        <Link to="/apiPolicy" replace>
          Policy
        </Link>
        <Back />
      </>,
      ['/smartHome', '/edmPopup'],
    );
    await userEvent.click(screen.getByRole('link', { name: 'Policy' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/apiPolicy');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/smartHome$/);
  });
});

describe('Link in a page with a language', () => {
  it('keeps the page’s ?lang in its address and on a tap', async () => {
    renderAt(<Link to="/message-detail?id=m1">Message</Link>, ['/message-center?lang=de']);
    const link = screen.getByRole('link', { name: 'Message' });
    expect(link).toHaveAttribute('href', '/message-detail?id=m1&lang=de');
    await userEvent.click(link);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/message-detail?id=m1&lang=de');
  });
});
