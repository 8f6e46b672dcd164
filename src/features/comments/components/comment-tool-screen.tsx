import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { CommentForm } from './comment-form.tsx';
import { CommentSent } from './comment-sent.tsx';

/** Route `shulex-comment-tool`: the user rates Navimow and may leave a comment; the server stores it. */
export function CommentToolScreen() {
  const { t } = useTranslation('comments');
  const [sent, setSent] = useState(false);
  if (sent) return <CommentSent />;
  return (
    <Page title={t('title')}>
      <CommentForm onSent={() => setSent(true)} />
    </Page>
  );
}
