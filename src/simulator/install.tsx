import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '../../common/languages.ts';
import { i18next, loadNamespaces } from '../lib/i18n/i18n.ts';
import { NativeSimulator } from './native-simulator.ts';
import { SimulatorPanel } from './simulator-panel.tsx';
import { saveState, stateFromUrl } from './simulator-state.ts';
import './simulator.css';

export interface InstalledSimulator {
  simulator: NativeSimulator;
  /** Shows the panel (log and controls) beside the page; call once i18n is ready. */
  mountPanel(): Promise<void>;
}

/**
 * Installs the simulated native app as the Android transport (`window.NavimowBridge`), so the page talks to
 * it through exactly the protocol the real apps use.
 */
export function installSimulator(language: Language): InstalledSimulator {
  const state = stateFromUrl(window.location.search);
  saveState(state);
  const simulator = new NativeSimulator(state);
  window.NavimowBridge = { postMessage: (message: string) => simulator.receive(message), simulated: true };
  document.body.classList.add('native-simulator');

  return {
    simulator,
    async mountPanel() {
      await loadNamespaces(['simulator']);
      const host = document.createElement('div');
      host.id = 'native-simulator';
      document.body.append(host);
      createRoot(host).render(
        <StrictMode>
          <I18nextProvider i18n={i18next}>
            <SimulatorPanel simulator={simulator} language={language} />
          </I18nextProvider>
        </StrictMode>,
      );
    },
  };
}
