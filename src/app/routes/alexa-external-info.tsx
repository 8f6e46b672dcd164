import { AlexaExternalInfoScreen } from '../../features/alexa/components/alexa-info-screen.tsx';

export default AlexaExternalInfoScreen;
