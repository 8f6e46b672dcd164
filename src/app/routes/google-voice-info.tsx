import { VoiceInfoScreen } from '../../features/google-home/components/voice-info-screen.tsx';

export default VoiceInfoScreen;
