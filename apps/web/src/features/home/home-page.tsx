import { AdSlot } from "@/components/ad-slot";
import { AgeWarningDialog } from "./components/age-warning-dialog";
import { Hero } from "./components/hero";
import { CallToAction, FeatureGrid, HowItWorks, Testimonials } from "./components/sections";

export function HomePage() {
  return (
    <>
      <AgeWarningDialog />
      <Hero />
      <AdSlot className="py-6" />
      <FeatureGrid />
      <HowItWorks />
      <Testimonials />
      <CallToAction />
    </>
  );
}
