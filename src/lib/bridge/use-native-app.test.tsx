import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useNativeApp } from './use-native-app.ts';

function Probe() {
  const inApp = useNativeApp();
  return <p>{inApp === undefined ? 'unknown' : inApp ? 'in the app' : 'in a browser'}</p>;
}

describe('useNativeApp', () => {
  afterEach(() => {
    delete window.NavimowBridge;
  });

  it('is unknown on the server, which cannot tell', () => {
    window.NavimowBridge = { postMessage: () => {} };
    expect(renderToString(<Probe />)).toBe('<p>unknown</p>');
  });

  it('knows in the browser whether the app is there', () => {
    const { unmount } = render(<Probe />);
    expect(screen.getByText('in a browser')).toBeInTheDocument();
    unmount();
    window.NavimowBridge = { postMessage: () => {} };
    render(<Probe />);
    expect(screen.getByText('in the app')).toBeInTheDocument();
  });
});
