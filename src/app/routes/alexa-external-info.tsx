import { AlexaExternalInfoScreen } from '../../features/alexa/components/alexa-external-info-screen.tsx';

export default AlexaExternalInfoScreen;
