/**
 * Debian's Chromium, as every browser tool here starts it (the journeys, the gallery, Lighthouse): no browser
 * download is possible on this machine (README, Requirements), and these flags keep it quiet and headless.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
