import { AlexaInfoScreen } from '../../features/alexa/components/alexa-info-screen.tsx';

export default AlexaInfoScreen;
