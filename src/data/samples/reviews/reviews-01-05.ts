import type { DemoDocument } from '../types.js';

export const REVIEWS_01_05: readonly DemoDocument[] = [
  {
    id: 'review-01-headphones',
    kind: 'review',
    title: 'Aurelle QX9 wireless noise-cancelling headphones',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `I bought the Aurelle QX9 in March for $279 after reading a dozen glowing write-ups, and for the first few weeks I understood every one of them. Out of the box these are the best-sounding wireless headphones I have owned. The bass is tight rather than boomy, vocals sit forward without sounding harsh, and cymbals have a natural shimmer that my old pair smeared into hiss. I listen to a lot of acoustic jazz and a fair amount of film scores, and the QX9 handles both with a sense of space I did not expect from a Bluetooth headset.

The noise cancelling was just as impressive at first. On a six-hour flight to Lisbon the engine drone dropped to a faint hum, and I could listen at about a third of the volume I normally need. The transparency mode is natural enough that I held a conversation with the flight attendant without taking them off. Comfort was excellent too: the memory foam pads are deep, the clamp is gentle, and I wore them for most of the flight without the usual ache behind my ears.

Battery life matched the advertised 32 hours in my own informal test, and the USB-C quick charge gave me about four hours of playback from a ten-minute top-up at the gate. The companion app is clean, the five-band equalizer actually does something, and pairing with both my laptop and phone at the same time worked the first time I tried it.

So why two stars? Because everything above describes the first month, and the next three months have been a steady slide.

Around week five the noise cancelling started producing a faint crackle whenever I walked outside in even a light breeze. Aurelle support told me this was wind noise and suggested turning on the wind reduction setting, which I already had on. By week eight the crackle was there indoors as well, a sort of popping in the left cup whenever I turned my head. A firmware update in June was supposed to address it. It did not; it also reset my equalizer settings and broke multipoint, so now the headphones only reconnect to whichever device they were last paired with.

Then the hinge went. I have always stored them in the supplied case, I have never dropped them, and one morning in July I unfolded them and heard a crack. The plastic arm that joins the right cup to the headband had split along a seam. A quick search turned up a forum thread with more than two hundred replies describing exactly the same break in exactly the same spot.

The warranty process was the final disappointment. Aurelle requires you to ship the headphones back at your own expense, which cost me $18 with tracking, and quoted a turnaround of "up to 21 business days." It has now been five weeks. I have had two automated emails and no replacement. In the meantime I am back to using my four-year-old wired earbuds, which, for the record, have never once crackled.

If you can get a pair that survives, the sound quality is genuinely superb. But I paid nearly three hundred dollars for headphones that gave me about six good weeks, a crackle that support would not acknowledge, and a hinge that split under normal use. I cannot recommend them, and I would steer anyone considering them toward something built more sturdily, even if it sounds a little less refined.`,
  },
  {
    id: 'review-02-blender',
    kind: 'review',
    title: 'Vortena Pro 1400 countertop blender',
    intendedFraming: 'positive',
    turn: 'none',
    text: `Short version: this is the blender I should have bought ten years ago.

We make smoothies most mornings for a family of five, and our previous blender, a cheaper 700-watt model, left chunks of frozen mango and spinach stems in every glass. The Vortena Pro 1400 turns the same ingredients into something completely smooth in about 40 seconds on the preset smoothie program. No stopping to scrape the sides, no shaking the jar, no stick jammed down the middle.

It also handles jobs I never trusted a blender with. I have made almond butter twice now (about six minutes, with one pause to scrape), crushed ice for a party without any grinding or stalling, and blended hot soup directly in the jar. The vented lid on the 64-ounce container lets steam escape, and the manual is clear that you should start on low for hot liquids, which I did. The butternut squash soup came out silky enough that my teenager asked if I had bought it.

A few things I appreciated that reviews do not usually mention:

- The cleaning cycle actually works. A drop of dish soap, warm water to the halfway line, 60 seconds, rinse. I have only had to take a brush to it after the nut butter.
- It is louder than a quiet blender, but not outrageously so. It is about as loud as our old one while doing the job in half the time, so the total noise is lower.
- The base is heavy and has suction feet, so it does not walk across the counter on high speed.
- The controls are a simple dial plus four presets. No touchscreen, no app, nothing to break.

It is not cheap at $349, and it is tall enough that it does not fit under our upper cabinets with the jar attached, so it lives on the counter with the jar stored separately. The seven-year warranty softened the price for me, and so far, after four months of daily use, I have not had a single issue.

If you blend more than occasionally, I think it is worth every dollar. Five stars.`,
  },
  {
    id: 'review-03-tent',
    kind: 'review',
    title: 'Ridgeback Trail 2 backpacking tent',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `I have been backpacking for about fifteen years and have owned six tents, so I had a fairly clear idea of what I wanted when I ordered the Ridgeback Trail 2: under three pounds, freestanding, two doors, and a price that did not make me wince. At $229 on sale it checked every box on paper, and my first impressions were excellent.

The packed size is genuinely small. The whole tent, including the poles and twelve stakes, fits in a stuff sack about the size of a one-litre water bottle, and my kitchen scale put the trail weight at 2 pounds 13 ounces, a couple of ounces under the listed figure. Setup is intuitive: a single hubbed pole set clips to the inner tent, the fly attaches with color-coded buckles, and I had it pitched in my backyard in under four minutes on the first try without reading the instructions.

Inside, it feels bigger than the numbers suggest. The steep walls mean two people can sit up at the same time without brushing the ceiling, and each door has its own vestibule big enough for a pack and a pair of boots. The mesh is fine enough to keep out the tiny biting midges we get in June, and there are four interior pockets plus a loop for hanging a headlamp. On a still, clear night in the Sawtooths it was a delight: lots of ventilation, no condensation to speak of, and a wonderful view of the stars through the mesh with the fly rolled back.

The trouble started on the second trip.

We camped at about 9,000 feet on an exposed bench above a lake, the kind of site where the wind picks up after sunset. By ten o'clock the gusts were strong enough that the fly was slapping against the inner tent, and the windward side bowed in far enough to touch my face. That by itself is not unusual for a lightweight tent. What was unusual is that the main pole hub, the plastic junction where the poles meet, popped out of its socket twice during the night. Each time the whole tent sagged, and each time I had to crawl out in the dark to reseat it. A friend's tent twenty yards away, a heavier older model, stood through the night without drama.

Rain was the next test, and the Ridgeback did not pass. On a third trip we had about six hours of steady, moderate rain, nothing torrential. By morning there was a puddle roughly the size of a dinner plate at the foot end, and the seams along the vestibule zipper were visibly damp on the inside. The floor material, which the listing describes as a 20-denier fabric with a 3,000 millimeter coating, wetted through where our sleeping pads pressed down on it. Our down bags were damp at the feet, and a damp down bag at 40 degrees is not a minor inconvenience.

I contacted Ridgeback with photos. To their credit they answered within two days, but the answer was that seam sealing is "recommended for extended wet conditions" and that the floor is "water resistant, not waterproof under pressure." That is not what the product page says; the page says "fully waterproof, factory-taped seams." They offered 15 percent off a footprint, sold separately for $49.

Update after two months: I seam-sealed the fly myself with a tube of silicone sealant, bought a cheap groundsheet, and replaced the plastic pole hub with a tightened loop of cord as a safety backup. With those fixes the tent is usable in mild conditions. But I should not have had to spend an evening and another $30 to make a new tent do what it was advertised to do, and I still do not trust it above treeline.

If you camp only in sheltered forest sites in dry weather, the Ridgeback Trail 2 is light, roomy, and pleasant. For anything else, I would spend the extra money on a tent with a proven track record. Two stars, and that is mostly for the clever interior layout.`,
  },
  {
    id: 'review-04-standing-desk',
    kind: 'review',
    title: 'Elevana Flex Duo electric standing desk',
    intendedFraming: 'positive',
    turn: 'negative-to-positive',
    text: `I almost returned this desk on the day it arrived, so let me start with the bad part.

The delivery was a mess. The Elevana Flex Duo ships in two boxes, and the carrier delivered only one of them, the frame, which weighs about 70 pounds and was left leaning against my garage door in the rain. The desktop arrived three days later with a crushed corner on the box and a small chip in the laminate edge. The instructions are a single fold-out sheet of diagrams with no words, and step 6 shows the crossbar bolted on upside down relative to the photo on the box. I spent a good forty minutes taking it apart and reassembling it. When I first powered it on, the control panel displayed an error code, E07, which the manual does not list.

I was not happy. I wrote a fairly heated email to support that evening.

Here is where things changed. Support called me back the next morning, not an email, a phone call, from a technician named Priya who clearly knew the product. E07, she explained, means the motors have not been calibrated, and it happens when the desk is moved after assembly. The reset is holding the down button for ten seconds until the desk lowers to its minimum and beeps. That took thirty seconds and the error never came back. She also shipped a replacement desktop at no charge without asking me to return the chipped one, and it arrived in four days, packed much better.

Now, after ten weeks of daily use, I can say the desk itself is excellent.

The dual motors are quiet and quick. It moves from my sitting height of 28.5 inches to my standing height of 44 inches in about eight seconds, and the noise is a low hum that does not interrupt video calls. The four memory presets are easy to set and I use two of them several times a day. At full standing height there is very little wobble, even when I type hard, which was my main worry with a desk at this price, $489 for the 60 by 30 inch size.

The replacement desktop is thick and solid, with a cable tray underneath that swallowed my laptop charger, a power strip and a small USB hub without any visible mess. The anti-collision feature works as advertised: the desk stopped and reversed when it met an office chair armrest on the way down.

What I would still improve: the instructions need words, the packaging for the top needs more corner protection, and the carrier should not split the shipment. But the product is sturdy, the motors are smooth, and the support was the best I have dealt with in years. I started at one star and I am ending at four and a half. I would buy it again, and I have already recommended it to two colleagues.`,
  },
  {
    id: 'review-05-robot-vacuum',
    kind: 'review',
    title: 'Nimbus S7 Max robot vacuum with self-emptying dock',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `Original review, two weeks in:

I have wanted a robot vacuum for years but held off because the early ones I saw at friends' houses bumped into furniture at random and got stuck under the sofa. The Nimbus S7 Max is nothing like that. It uses a spinning lidar sensor on top to map the house, and on its very first run it produced a floor plan of our 1,600 square foot ground floor that was accurate enough for me to label every room in the app. It cleans in neat parallel lines, slows down near walls, and edges along the baseboards with its side brush.

The suction is strong. We have a shedding husky and a cat, and the amount of fur the S7 Max pulls out of our living room rug every day is honestly embarrassing. The rubber main roller does not tangle with long hair the way the bristle brushes on older vacuums did; I have cleaned it once in two weeks and it was mostly just dust. It transitions from hardwood to rugs without drama and automatically boosts suction on carpet, which you can hear.

The self-emptying dock is the real luxury. When the robot returns, the dock sucks the bin empty into a sealed bag with a loud whoosh for about ten seconds. The bag is rated for about 60 days, and the whole point is that I never have to touch a dusty bin. The app lets you set no-go zones, which I used to keep it away from the dog's water bowl, and it schedules cleaning while we are at work. At $649 it was a splurge, but at this point I would say it is worth it. Five stars.

Update after 3 months:

I have to revise this substantially, and not in a good direction.

In the second month the mapping started to drift. Every week or two the robot would decide that it was somewhere it was not, and it would try to clean the kitchen as if it were the hallway, bumping repeatedly into the island and then giving up with a message that said "Unable to reach target area." The only fix was to delete the map and let it remap the house from scratch, which wipes all of your room names and no-go zones. I have now done this four times. Support suggested wiping the lidar window with a dry cloth, which I do weekly, and moving the dock so that it has 1.5 meters of clear space on each side, which I had already done.

The no-go zones became unreliable too. Twice it drove straight through the zone around the dog bowl, knocked the bowl over and then tracked water through the living room and onto the rug. The second time, it also found a charging cable that was definitely outside of any area it should have been in, wound it around the side brush and dragged a lamp off a side table. The lamp survived. My patience did not entirely survive.

The dock bags are not lasting anything close to 60 days with two pets. We are replacing them every three weeks, and they cost $24 for a three-pack, so the running cost is more like $140 a year just in bags. Third-party bags exist, but the dock has a chip that detects the bag and some of them trigger a "bag not detected" error.

Then there is the app. A forced update in month two moved the scheduling menu, removed the option to set different suction levels per room, and added a banner advertising the company's mopping attachment every time you open it. Worse, the app now needs to be connected to the cloud for the robot to start a scheduled clean. During a two-day internet outage in our neighborhood, the robot simply did not run at all, even though its schedule was set. Nothing about a vacuum cleaner should need a server in another country to decide when to turn on.

Update after 4 months:

I spent most of this month trying to get the problems fixed through official channels, so here is how that went.

The first support ticket, about the mapping drift, was answered after four days by someone who asked me to send a screenshot of the map, the robot's serial number and a photo of the dock's position. I sent all three. Nine days later I got a reply asking for the same three things, apparently from a different agent who had not read the thread. When I pointed this out, the ticket was escalated to "tier two," and a week after that I was invited to join a beta firmware program.

The beta firmware did improve the mapping somewhat. For about ten days the robot knew where it was every single time, and I was starting to draft a more positive update. Then a second beta build arrived automatically, and the robot started stopping in the middle of the hallway with a "wheel suspended" error, even though both wheels were firmly on the floor. Leaving the beta program rolled it back to the original firmware, with the original mapping problems and, as a bonus, a second wipe of my saved map.

I also asked support directly whether the robot could be set to run its schedule without an internet connection. The answer was that offline scheduling is "on the roadmap" but that they could not share a date. I asked whether the app's advertising banner could be disabled. It cannot, although you can dismiss it each time.

In fairness, the one hardware question I asked got a quick and useful answer: they sent a free replacement side brush after the cable incident bent the old one, without requiring me to send anything back. The people answering the tickets seem to be trying. But the process is slow, repetitive and, so far, has not fixed a single one of the software issues that matter.

Update after 5 months:

The battery has started to degrade noticeably. It used to clean the whole ground floor in one run of about 95 minutes and return with 30 percent left. Now it returns to recharge halfway through, sits on the dock for three hours, and finishes the job in the evening. The battery is not user-replaceable according to the manual; a warranty claim would mean shipping the robot and the dock back for an estimated two to three weeks.

I have also noticed that the main roller bearing squeaks. A replacement roller kit is $39. I have ordered one, and we will see.

Where I have landed:

When the S7 Max works, it is still impressive. The suction, the hair handling and the dock are all real strengths, and on a good day it keeps the floors cleaner than I ever managed with a stick vacuum. But a good day has become maybe three days out of five. The other two involve remapping, rescuing it from a cable it should have avoided, or discovering it never started because the app lost its connection.

I paid a premium price for a product that promised to take a chore off my plate, and it has replaced that chore with a different one: supervising the robot. The software problems in particular seem to be getting worse with updates rather than better, and the cloud dependence is a design choice I now consider a dealbreaker. I am lowering my rating from five stars to two. If you are considering it, I would wait and see whether the manufacturer fixes the mapping and offline scheduling, or look at a model that can run without an internet connection.`,
  },
];
