import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { personName } from '@machines/customer.rules';
import { href } from '../../app/routes';
import { confirm } from '../../ui/confirm';
import { openPopup } from '../../ui/popups';
import { TOAST_LONG, toast, toastError } from '../../ui/toast';
import { notifyCustomer } from './api';
import { copyText } from './clipboard';
import { customerKeys, useCustomerCommand, useUpdateCustomer } from './queries';
import type { CustomerStatus, CustomerView, NotifyType } from './types';

const isPhone = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 48em)').matches;

/** Opens the client's notes (staff only); the title names the client. */
export function openCustomerNotes(customer: Pick<CustomerView, 'id' | 'first_name' | 'last_name'>): void {
  const name = personName(customer);
  openPopup(
    'PopupCustomerNotes',
    { customerId: customer.id, customerName: name },
    { title: `Client: ${name}`, fullScreen: isPhone() },
  );
}

interface NotifyAction {
  type: NotifyType;
  title: string;
  message: (name: string) => string;
  confirmLabel: string;
  success: string;
  failure: string;
}

const NOTIFY_ACTIONS = {
  requestReview: {
    type: 'request_review',
    title: 'Request a review',
    message: (name) => `Ask ${name} to leave a review of their experience?`,
    confirmLabel: 'Request review',
    success: 'Review has been successfully requested',
    failure: 'Error while requesting a review',
  },
  sendUploadRequest: {
    type: 'form_sent',
    title: 'Send an upload request',
    message: (name) => `Send ${name} a link to upload the requested documents?`,
    confirmLabel: 'Send request',
    success: 'The upload request has been successfully sent',
    failure: 'Error while sending an upload request',
  },
  emailLawyer: {
    type: 'lawyer_approved_email',
    title: 'Email the lawyer',
    message: (name) =>
      `Send the assigned lawyer an e-mail with ${name}'s file: deal, property, lender, closing date and contacts?`,
    confirmLabel: 'Send email',
    success: 'The email to a lawyer has been successfully sent',
    failure: 'Error while sending an email to a lawyer',
  },
  resendPassword: {
    type: 'resend_password',
    title: 'Resend the password',
    message: (name) => `Send ${name} a new password by text message?`,
    confirmLabel: 'Resend password',
    success: 'The password has been successfully sent',
    failure: 'Error while resending a password',
  },
} satisfies Record<string, NotifyAction>;

export type NotifyActionName = keyof typeof NOTIFY_ACTIONS;

/** The row actions of a client, with their confirmations and toasts (spec section 8). */
export function useCustomerActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync: sendNotification } = useCustomerCommand(
    ({ id, type }: { id: string; type: NotifyType }, requestId) => notifyCustomer(id, type, requestId),
  );
  const { mutateAsync: saveChanges } = useUpdateCustomer();
  // A send still on its way is not sent again: on a slow network the menu would otherwise offer it twice.
  const sending = useRef(new Set<string>());

  const notify = useCallback(
    async (action: NotifyActionName, customer: CustomerView): Promise<boolean> => {
      const spec = NOTIFY_ACTIONS[action];
      const key = `${customer.id}:${action}`;
      if (sending.current.has(key)) {
        toast.info(`${spec.title}: still sending…`);
        return false;
      }
      const name = personName(customer);
      const confirmed = await confirm({
        title: spec.title,
        message: spec.message(name),
        confirmLabel: spec.confirmLabel,
      });
      if (!confirmed || sending.current.has(key)) return false;
      sending.current.add(key);
      try {
        await sendNotification({ id: customer.id, type: spec.type });
        toast.success(spec.success, TOAST_LONG);
        return true;
      } catch (error) {
        toastError(error, spec.failure);
        return false;
      } finally {
        sending.current.delete(key);
      }
    },
    [sendNotification],
  );

  /** From any status to any status; a client cancelled gets their notes opened for the reason. */
  const changeStatus = useCallback(
    async (customer: CustomerView, status: CustomerStatus): Promise<boolean> => {
      if (status === customer.status) return true;
      try {
        // The freshest copy known: a row can lag a moment behind a save made in the panel.
        const cached = queryClient.getQueryData<CustomerView>(customerKeys.detail(customer.id));
        const version = Math.max(customer.version, cached?.version ?? 0);
        const updated = await saveChanges({ id: customer.id, changes: { status, version } });
        toast.success("The client's status has been changed.", TOAST_LONG);
        if (updated.status === 'cancelled') openCustomerNotes(updated);
        return true;
      } catch (error) {
        toastError(error, error instanceof Error ? error.message : undefined);
        // The row may show a copy older than the one refused.
        void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
        return false;
      }
    },
    [queryClient, saveChanges],
  );

  const copyEmail = useCallback(async (email: string) => {
    try {
      await copyText(email);
      toast.success(`Email ${email} successfully copied`, TOAST_LONG);
    } catch (error) {
      toastError(error);
    }
  }, []);

  const copyData = useCallback(async (text: string) => {
    try {
      await copyText(text);
      toast.success('Data successfully copied', TOAST_LONG);
    } catch (error) {
      toastError(error);
    }
  }, []);

  return useMemo(
    () => ({
      changeStatus,
      requestReview: (customer: CustomerView) => notify('requestReview', customer),
      sendUploadRequest: (customer: CustomerView) => notify('sendUploadRequest', customer),
      emailLawyer: (customer: CustomerView) => notify('emailLawyer', customer),
      resendPassword: (customer: CustomerView) => notify('resendPassword', customer),
      remove: (customer: CustomerView) =>
        openPopup('PopupClientDeleteConfirm', { customer }, { title: 'Are you sure?' }),
      openNotes: openCustomerNotes,
      viewLogs: (customer: CustomerView) => navigate(href('RouteEventLog', { clientID: customer.id })),
      copyEmail,
      copyData,
    }),
    [changeStatus, notify, navigate, copyEmail, copyData],
  );
}

export type CustomerActions = ReturnType<typeof useCustomerActions>;
