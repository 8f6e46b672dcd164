import { VoiceInfoScreen } from '../../features/alexa/components/voice-info-screen.tsx';

export default VoiceInfoScreen;
