import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import type { UserPasswordReset, UserPasswordResetRequested, UserRegistered } from '../users/user.events.js';
import { UsersRepository } from '../users/users.repository.js';
import { newPasswordText, welcomeText, type OutgoingMessage } from './message.js';
import { messageId, NotificationRules } from './notification.rules.js';

/** Text messages that carry a password: a welcome for new accounts, and a new password after a reset. */
@Injectable()
export class UserNotifications implements OnModuleInit {
  constructor(
    private readonly rules: NotificationRules,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.rules.register(
      ['user.registered', 'user.password_reset', 'user.password_reset_requested'],
      (event) => this.messagesFor(event),
    );
  }

  async messagesFor(event: StoredEvent): Promise<OutgoingMessage[]> {
    if (event.type === 'user.registered') {
      const data = (event as unknown as UserRegistered).data;
      if (!data.passwordDelivery) return [];
      return [
        {
          id: messageId(event, 'welcome-sms'),
          channel: 'sms',
          to: `+${data.phoneNumber}`,
          recipientUserId: event.streamId,
          rel: null,
          subject: 'Your Homeward account',
          text: welcomeText(data.firstName, this.config.publicUrl),
          passwordDelivery: data.passwordDelivery,
        },
      ];
    }
    // Older resets replaced the password at once; newer ones text a password that is pending until used.
    if (event.type === 'user.password_reset' || event.type === 'user.password_reset_requested') {
      const data = (event as unknown as UserPasswordReset | UserPasswordResetRequested).data;
      const user = await this.users.findById(event.streamId);
      if (!user) return [];
      return [
        {
          id: messageId(event, 'password-sms'),
          channel: 'sms',
          to: `+${user.phone_number}`,
          recipientUserId: user.id,
          rel: null,
          subject: 'New password',
          text: newPasswordText(this.config.publicUrl),
          passwordDelivery: data.passwordDelivery,
        },
      ];
    }
    return [];
  }
}
