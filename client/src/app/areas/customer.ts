/**
 * The customer area: the frame of customers' pages and the roadmap, loaded the first time a customer page
 * is opened, so visitors and staff never download it. The upload page and the lawyer and appraiser
 * choices come in pieces of their own, as they need much that the roadmap does not.
 */
export { CustomerLayout } from '../layout/CustomerLayout';
export { RoadmapPage } from '../../pages/roadmap/RoadmapPage';
