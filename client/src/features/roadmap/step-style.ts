import {
  IconClipboardText,
  IconFileUpload,
  IconHomeSearch,
  IconScale,
  IconSignature,
  type TablerIcon,
} from '@tabler/icons-react';
import type { RoadmapStep } from '@machines/customer.enums';
import type { StepStatus } from '@machines/roadmap.machine';

/** Each roadmap step's icon, wherever the step is drawn. */
export const STEP_ICONS: Record<RoadmapStep, TablerIcon> = {
  application: IconClipboardText,
  uploads: IconFileUpload,
  lawyers: IconScale,
  appraisers: IconHomeSearch,
  sign_documents: IconSignature,
};

/** Each step status's colour: done or on track, waiting, or needing the customer. */
export const STATUS_COLORS: Record<StepStatus, string> = { ok: 'teal', warning: 'yellow', danger: 'red' };
