import { NewsletterPopup } from '../../features/newsletter/components/newsletter-popup.tsx';

export default NewsletterPopup;
