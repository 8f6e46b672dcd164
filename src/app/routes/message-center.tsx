import { MessageCenterScreen } from '../../features/messages/components/message-center-screen.tsx';

export default MessageCenterScreen;
