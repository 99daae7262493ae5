import { toast } from '../../ui/toast';
import { INVALID_FORM_MESSAGE } from '../customers/CustomerPanel';

/** A submit with invalid fields: the fields say what is wrong, the toast says that something is. */
export function invalidForm(): void {
  toast.error(INVALID_FORM_MESSAGE);
}
