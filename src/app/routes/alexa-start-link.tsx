import { StartLinkScreen } from '../../features/alexa/components/start-link-screen.tsx';

export default StartLinkScreen;
