import { AppLinkScreen } from '../../features/alexa/components/app-link-screen.tsx';

export default AppLinkScreen;
