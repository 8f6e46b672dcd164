import { type ReactNode, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card, CardTitle } from '../../../components/card.tsx';
import { ENHANCED_NATIVE_MIN_VERSION_CODE } from '../../../lib/bridge/native-app.ts';
import { bridgeMethods } from '../../../lib/bridge/methods.ts';
import {
  type MethodRow,
  countVerdicts,
  methodRows,
  passesEnhancedGate,
  reportJson,
  roundTripVerdict,
} from '../check-report.ts';
import { rawText, VERDICT_LABELS, type Verdict } from '../check-result.ts';
import { type Transport, useBridgeCheck } from '../use-bridge-check.ts';
import styles from './bridge-check.module.css';

const ICONS: Record<Verdict, string> = {
  pass: '✓',
  refused: '!',
  fail: '✗',
  'no-answer': '✗',
  waiting: '…',
  'not-run': '–',
};

function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <span className={`${styles.verdict} ${styles[verdict]}`}>
      <span aria-hidden="true">{ICONS[verdict]} </span>
      {VERDICT_LABELS[verdict]}
    </span>
  );
}

function CheckCard({
  id,
  title,
  verdict,
  children,
}: {
  id: string;
  title: string;
  verdict: Verdict;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} data-testid={`check-${id}`} data-verdict={verdict}>
      <div className={styles.header}>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <VerdictBadge verdict={verdict} />
      </div>
      {children}
    </Card>
  );
}

function transportText(transport: Transport): { verdict: Verdict; text: string } {
  const both = transport.both ? ' Both transports are present: the page uses the iOS one.' : '';
  if (transport.kind === 'ios')
    return {
      verdict: 'pass',
      text: `iOS: window.webkit.messageHandlers.NavimowBridge (the request object itself).${both}`,
    };
  if (transport.kind === 'android') {
    const who = transport.simulated ? 'The simulated app, on the Android transport' : 'Android';
    return { verdict: 'pass', text: `${who}: window.NavimowBridge.postMessage (the request as JSON text).${both}` };
  }
  return {
    verdict: 'fail',
    text: "None: neither window.webkit.messageHandlers.NavimowBridge nor window.NavimowBridge is there. Open this page in the app's web view.",
  };
}

function MethodCard({ row, disabled, onRun }: { row: MethodRow; disabled: boolean; onRun: () => void }) {
  const { record, classification, effect } = row;
  const id = `method-${record.method}`;
  return (
    <Card
      as="li"
      aria-labelledby={`${id}-title`}
      data-testid={id}
      data-verdict={classification.verdict}
      className={styles.method}
    >
      <div className={styles.header}>
        <CardTitle id={`${id}-title`} level={3} className={styles.methodName}>
          {record.method}
        </CardTitle>
        <VerdictBadge verdict={classification.verdict} />
      </div>
      <p className={styles.summary}>{classification.summary}</p>
      {classification.details.length > 0 && (
        <ul className={styles.details}>
          {classification.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
      {row.run === 'tap' && (
        <div className={styles.tap}>
          <p>{effect}</p>
          <Button variant="secondary" onClick={onRun} disabled={disabled} aria-describedby={`${id}-title`}>
            {`Run ${record.method}`}
          </Button>
        </div>
      )}
      {record.posted !== undefined && (
        <details className={styles.raw}>
          <summary>Request and answers</summary>
          <p className={styles.rawLabel}>Request (timeout {bridgeMethods[record.method].timeoutMs / 1000} s)</p>
          <pre>{rawText(record.posted)}</pre>
          {record.answers.length === 0 && <p className={styles.rawLabel}>No answer.</p>}
          {record.answers.map((answer, index) => (
            <div key={index}>
              <p className={styles.rawLabel}>
                Answer {index + 1}, after {answer.ms} ms
                {answer.after === 'timeout' ? ', too late' : answer.after === 'settled' ? ', repeated' : ''}
              </p>
              <pre>{rawText(answer.body)}</pre>
            </div>
          ))}
        </details>
      )}
    </Card>
  );
}

/** The check itself, loaded after the screen's first view, below its introduction (bridge-check-screen.tsx). */
export function BridgeCheck() {
  const check = useBridgeCheck();
  const rows = methodRows(check.records);
  const counts = countVerdicts(rows);
  const transport = transportText(check.transport);
  const roundTrip = roundTripVerdict(check.roundTrip);
  const [copy, setCopy] = useState<'copied' | 'failed'>();
  const [json, setJson] = useState('');
  const jsonField = useRef<HTMLTextAreaElement>(null);
  const noTransport = check.transport.kind === 'none';

  const copyResult = async () => {
    const text = reportJson(check);
    setJson(text);
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      // No clipboard in this WebView (or no permission): the text is there to select by hand.
      setCopy('failed');
      requestAnimationFrame(() => jsonField.current?.select());
    }
  };

  const version = check.appVersion;
  const versionVerdict: Verdict = version ? 'pass' : check.autoDone ? 'fail' : 'waiting';

  return (
    <>
      <Card as="section" aria-labelledby="summary-title" data-testid="check-summary">
        <CardTitle id="summary-title">Result</CardTitle>
        <p role="status" aria-busy={check.autoDone ? undefined : true} className={styles.status}>
          {check.autoDone
            ? `${counts.pass} pass, ${counts.fail} fail, ${counts['no-answer']} no answer in time, ${counts.refused} refused, ` +
              `${counts['not-run']} not run${counts.waiting ? `, ${counts.waiting} waiting` : ''} (of ${rows.length} methods).`
            : 'Running the automatic checks…'}
        </p>
        <div className={styles.actions}>
          <Button onClick={() => void copyResult()}>Copy the result as JSON</Button>
          <Button variant="secondary" onClick={check.runAgain} disabled={!check.autoDone || noTransport}>
            Run the automatic checks again
          </Button>
        </div>
        <p aria-live="polite" className={styles.copyStatus}>
          {copy === 'copied' && 'Copied to the clipboard: paste it into the bug report.'}
          {copy === 'failed' && 'This web view does not allow copying: the JSON below is selected; copy it by hand.'}
        </p>
        {json && (
          <details open={copy === 'failed' || undefined} className={styles.raw}>
            <summary>Result as JSON</summary>
            <textarea
              ref={jsonField}
              readOnly
              value={json}
              aria-label="Result as JSON"
              rows={8}
              className={styles.json}
            />
          </details>
        )}
      </Card>

      <CheckCard id="transport" title="Transport" verdict={transport.verdict}>
        <p>{transport.text}</p>
      </CheckCard>

      <CheckCard id="app-version" title="App version" verdict={versionVerdict}>
        {/* Two paragraphs in every state: the cards below do not move when the answer comes. */}
        <p>
          {version
            ? `${version.versionName} (build ${version.versionCode}), from getAppVersion.`
            : check.autoDone
              ? 'getAppVersion did not pass: the pages would use 1.0.0.'
              : 'Waiting for getAppVersion…'}
        </p>
        <p data-testid="enhanced-gate">
          {!version && !check.autoDone
            ? `The enhanced-behaviour gate: build ${ENHANCED_NATIVE_MIN_VERSION_CODE} or later.`
            : passesEnhancedGate(version?.versionCode ?? 0)
              ? `Passes the enhanced-behaviour gate (build ${ENHANCED_NATIVE_MIN_VERSION_CODE} or later).`
              : `Below the enhanced-behaviour gate (build ${ENHANCED_NATIVE_MIN_VERSION_CODE}): the pages treat this app as an old one.`}
        </p>
      </CheckCard>

      <CheckCard id="encryption" title="Encryption round trip" verdict={roundTrip.verdict}>
        <p>handleEncipherment, then handleDecrypt of its ciphertext: {roundTrip.summary}</p>
        {check.roundTrip?.decrypted && (
          <p data-testid="version-suffix">
            {check.roundTrip.version
              ? `The ciphertext carries the version suffix #${check.roundTrip.version}.`
              : 'The ciphertext carries no version suffix (#<version>): the pages store no Ninebot version.'}
          </p>
        )}
      </CheckCard>

      <section aria-labelledby="methods-title" className={styles.methods}>
        <h2 id="methods-title" className={styles.methodsTitle}>
          Methods
        </h2>
        <ol className={styles.list}>
          {rows.map((row) => (
            <MethodCard
              key={row.record.method}
              row={row}
              disabled={!check.autoDone || noTransport || row.classification.verdict === 'waiting'}
              onRun={() => check.runTapped(row.record.method)}
            />
          ))}
        </ol>
      </section>
    </>
  );
}
